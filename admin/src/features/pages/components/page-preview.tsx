import { useState } from 'react';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { BUILDER_PAGE_CLASS } from '@tours-cms/contract';
import { ContentFrame } from '../../../components/content-frame/content-frame';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { SiteChromeFrame } from './site-chrome-frame';

export const PREVIEW_WIDTHS = ['mobile', 'tablet', 'desktop'] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
/** Mobile max-w-sm, tablet max-w-2xl, desktop full width. */
const WIDTH_CLASSES: Record<PreviewWidth, string> = { mobile: 'max-w-sm', tablet: 'max-w-2xl', desktop: 'max-w-full' };
const WIDTH_LABELS: Record<PreviewWidth, string> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' };
const WIDTH_ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor } as const;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The page as the previews show it: the featured image (300 px high, cover) above the content, which sits in the
 * site's readable column as it will on the public site (a page made in the builder: site-document.ts).
 */
export function previewHtml(content: string, featuredImageUrl: string): string {
  const column = `<div class="${BUILDER_PAGE_CLASS}">\n${content}\n</div>`;
  const url = featuredImageUrl.trim();
  if (!url) return column;
  return `<img src="${escapeAttribute(url)}" alt="" style="display:block;width:100%;height:300px;object-fit:cover">\n${column}`;
}

/**
 * Preview mode: the page as the published page will look, between the site's active header and footer (the frames
 * the site itself serves), at mobile, tablet or desktop width, with a visible control to switch. Every part is a
 * sandboxed frame: the content's scripts and the header's run there, never in the admin.
 */
export function PagePreview({ html }: { html: string }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <div className="card overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-700">Preview</h2>
        <SegmentedControl
          label="Preview width"
          options={PREVIEW_WIDTHS.map((w) => ({ value: w, label: WIDTH_LABELS[w], icon: WIDTH_ICONS[w] }))}
          value={width}
          onChange={setWidth}
        />
      </div>
      <div className="bg-slate-100 p-4">
        <div
          className={`mx-auto w-full ${WIDTH_CLASSES[width]} overflow-hidden rounded-lg bg-white shadow`}
          data-preview-width={width}
        >
          <SiteChromeFrame part="header" />
          <ContentFrame html={html} title="Page preview" autoHeight />
          <SiteChromeFrame part="footer" />
        </div>
      </div>
    </div>
  );
}
