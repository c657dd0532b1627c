import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The public site's scripts, written in TypeScript beside the frame runtime (admin/src/frame-runtime/site/) and
 * built with it into admin/dist/frame/ (`npm run build`): the frame script runs inside every frame of staff HTML
 * (links to the site become `navigate` messages, other links `open`, and autosized frames report their height), the
 * parent script in the site's own documents (takes those messages from its own frames only, applies the visitor's
 * display currency in the document's language), and the languages script only in documents of an item in more
 * than one language (suggests another language of the page in a dismissible banner). The server inlines them, so
 * the documents load no script file, and names them in the
 * policy by hash (http/csp.ts): the hash is taken from the built file at start.
 */
export interface SiteScripts {
  frame: string;
  parent: string;
  /** The language suggestion banner: inlined only in documents of an item in more than one language. */
  languages: string;
}

const BUILT = new URL('../../../../admin/dist/frame/', import.meta.url);

function readBuilt(file: string): string {
  const url = new URL(file, BUILT);
  let text: string;
  try {
    text = readFileSync(url, 'utf8').trimEnd();
  } catch (error) {
    throw new Error(`The public site's ${file} is not built (${fileURLToPath(url)}): run \`npm run build\` first.`, {
      cause: error,
    });
  }
  // Inlined in a <script> element: a `</script` in it would end the element early.
  if (/<\/script/i.test(text)) throw new Error(`${file} contains "</script", which cannot be inlined`);
  return text;
}

let scripts: SiteScripts | null = null;

/** The built scripts, read once (createSiteRendering reads them at start, so a missing build stops the start). */
export function siteScripts(): SiteScripts {
  scripts ??= {
    frame: readBuilt('site-frame.js'),
    parent: readBuilt('site-parent.js'),
    languages: readBuilt('site-languages.js'),
  };
  return scripts;
}
