import { Link } from 'react-router';
import { Copy, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { COMPONENT_TYPE_LABELS, type Component } from '@tours-cms/contract';
import { Badge } from '../../components/ui/badge';
import { ContentFrame } from '../../components/content-frame/content-frame';
import { LanguageCell } from '../../components/translations/translations';

/** The live preview renders the component at desktop width and scales it into the card. */
const PREVIEW_SCALE = 0.45;
const PREVIEW_HEIGHT = 176;

interface ComponentCardProps {
  component: Component;
  /** The site's languages when it has more than one: the card says its language and translations. */
  languages: readonly string[] | null;
  canEdit: boolean;
  busy: boolean;
  onDelete: () => void;
  onDuplicate: () => void;
}

/** One card of the Component manager: type and 'Common' badges, a live sandboxed preview, Edit, Delete, View, Duplicate. */
export function ComponentCard({ component, languages, canEdit, busy, onDelete, onDuplicate }: ComponentCardProps) {
  const viewKey = component.slug || String(component.id);
  return (
    <article className="card flex flex-col overflow-hidden" aria-labelledby={`component-${component.id}-name`}>
      <div className="border-b border-slate-200 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{COMPONENT_TYPE_LABELS[component.type]}</Badge>
          {component.is_common && <Badge tone="purple">Common</Badge>}
          {!component.is_active && <Badge tone="grey">Inactive</Badge>}
        </div>
        <h2
          id={`component-${component.id}-name`}
          className="mt-2 truncate text-base font-semibold text-slate-900"
          title={component.name}
        >
          {component.name}
        </h2>
        <p className="truncate text-xs text-slate-500">/{component.slug}</p>
        {component.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{component.description}</p>}
        {languages && (
          <div className="mt-2 text-sm" aria-label={`Language of ${component.name}`} role="group">
            <LanguageCell resource="components" item={component} siteLanguages={languages} canEdit={canEdit} />
          </div>
        )}
      </div>
      <div className="relative overflow-hidden bg-slate-100" style={{ height: PREVIEW_HEIGHT }}>
        <div
          className="absolute left-0 top-0 origin-top-left"
          style={{
            width: `${100 / PREVIEW_SCALE}%`,
            height: PREVIEW_HEIGHT / PREVIEW_SCALE,
            transform: `scale(${PREVIEW_SCALE})`,
          }}
        >
          <ContentFrame
            html={component.content}
            title={`Preview of ${component.name}`}
            inert
            style={{ height: '100%' }}
          />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-200 bg-slate-50 px-3 py-2">
        {canEdit && (
          <Link
            to={`/admin/components/edit/${component.id}`}
            className="btn-ghost"
            aria-label={`Edit ${component.name}`}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Link>
        )}
        <a
          href={`/admin/components/view/${encodeURIComponent(viewKey)}`}
          target="_blank"
          rel="noopener"
          className="btn-ghost"
          aria-label={`View ${component.name} (opens in a new tab)`}
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          View
        </a>
        {canEdit && (
          <>
            <button
              type="button"
              className="btn-ghost"
              onClick={onDuplicate}
              disabled={busy}
              aria-label={`Duplicate ${component.name}`}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              Duplicate
            </button>
            <button
              type="button"
              className="btn-ghost ml-auto text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={onDelete}
              disabled={busy}
              aria-label={`Delete ${component.name}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete
            </button>
          </>
        )}
      </div>
    </article>
  );
}
