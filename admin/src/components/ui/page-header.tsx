import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/**
 * Moves the keyboard focus to the screen's title. For when the focused control goes away with its row (a delete):
 * focus would otherwise fall to the top of the document, and screen readers would lose their place.
 */
export function focusPageHeading(): void {
  document.querySelector<HTMLElement>('[data-page-heading]')?.focus();
}

/** A screen's title, subtitle and main actions; the title also names the browser tab. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
