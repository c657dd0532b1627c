import { filterLinkUrl, LINK_BUTTON_CLASS, type Module } from '@tours-cms/contract';
import { html, type Html } from '../rendering/html.js';

/**
 * Modules placed in a page's or a tour's content. The editors insert `<div data-module="12">…</div>` (its text only
 * names the module for the editor); the site replaces each with the module as it is now, so a change to the module
 * shows on every page that places it (the 'module' site change drops the rendered pages). A module deleted since
 * leaves nothing. The module's fields are text: escaped here, links by the protocol rule.
 */
const PLACEMENT = /<div\s+data-module="(\d+)"[^>]*>[^<]*<\/div>/gi;

/** The ids of the modules the content places. */
export function placedModuleIds(content: string): number[] {
  return [...new Set([...content.matchAll(PLACEMENT)].map((match) => Number(match[1])))];
}

/** The content with each placed module rendered. */
export function withModules(content: string, modules: ReadonlyMap<number, Module>): string {
  if (!content.includes('data-module')) return content;
  return content.replace(PLACEMENT, (_, id: string) => {
    const module = modules.get(Number(id));
    return module ? String(moduleHtml(module)) : '';
  });
}

/** A YouTube or Vimeo address as its privacy-friendly player; null for any other address (a video file). */
function playerUrl(url: string): string | null {
  const youtube = /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/watch\?(?:.*&)?v=|youtu\.be\/)([\w-]{6,})/i.exec(url);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = /^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/i.exec(url);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

function buttonHtml(module: Module): Html | false {
  const href = module.button_link ? filterLinkUrl(module.button_link) : '';
  return (
    !!href &&
    !!module.button_label &&
    html`<p><a class="${LINK_BUTTON_CLASS}" href="${href}">${module.button_label}</a></p>`
  );
}

function paragraphs(text: string | null): Html[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => html`<p>${part}</p>`);
}

/** One module as the site shows it, by its type. */
export function moduleHtml(module: Module): Html {
  const heading = module.heading && html`<h2>${module.heading}</h2>`;
  const subtitle = module.subtitle && html`<p class="tcms-module-subtitle">${module.subtitle}</p>`;
  const type = `tcms-module tcms-module-${module.type}`;
  switch (module.type) {
    case 'banner':
      return html`<section class="${type}">${heading}${subtitle}${paragraphs(module.description)}${buttonHtml(module)}</section>`;
    case 'heading':
      return html`<div class="${type}">${heading}${subtitle}</div>`;
    case 'button':
      return html`<div class="${type}">${buttonHtml(module)}</div>`;
    case 'video': {
      const url = module.video_url ?? '';
      const player = url && playerUrl(url);
      const title = module.heading ?? module.name;
      const video = player
        ? html`<div class="tcms-module-player"><iframe src="${player}" title="${title}" loading="lazy" allow="fullscreen; picture-in-picture"></iframe></div>`
        : url && html`<video src="${url}" controls preload="metadata"></video>`;
      return html`<figure class="${type}">${heading}${video}${subtitle && html`<figcaption>${module.subtitle}</figcaption>`}</figure>`;
    }
    case 'text':
      return html`<div class="${type}">${heading}${subtitle}${paragraphs(module.description)}</div>`;
  }
}
