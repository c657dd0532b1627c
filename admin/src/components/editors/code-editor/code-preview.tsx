import { ContentFrame } from '../../content-frame/content-frame';
import type { CodeLanguage } from './languages';

/** The element the CSS preview styles (the CSS preview applies the styles to a sample element). */
const CSS_SAMPLE = `<div class="sample preview-sample" id="sample">
  <h1>Sample heading</h1>
  <p>A sample paragraph with <a href="#sample">a link</a>, to see how these styles look.</p>
  <button type="button">Sample button</button>
</div>`;

export function cssPreviewDocument(css: string): string {
  // The stylesheet is the user's own code and runs only inside the sandboxed frame.
  return `<style>${css}</style>\n${CSS_SAMPLE}`;
}

/** What Preview shows for each language: the HTML rendered, the CSS applied to a sample, a note for JavaScript. */
export function CodePreview({
  code,
  language,
  height,
}: {
  code: string;
  language: CodeLanguage;
  height: number | string;
}) {
  if (language === 'javascript') {
    return (
      <div
        className="flex items-center justify-center bg-slate-50 p-6 text-center text-sm text-slate-600"
        style={{ height }}
      >
        JavaScript has no preview: use Run to evaluate it in a sandbox.
      </div>
    );
  }
  return (
    <ContentFrame
      html={language === 'css' ? cssPreviewDocument(code) : code}
      title={language === 'css' ? 'CSS preview' : 'HTML preview'}
      style={{ height }}
    />
  );
}
