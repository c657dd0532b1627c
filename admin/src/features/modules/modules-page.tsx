import { useMemo, useState } from 'react';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatDate, MODULE_TYPE_LABELS, type Module } from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { QueryStatus } from '../../components/kit/query-status';
import { Badge } from '../../components/ui/badge';
import { useCanEdit } from '../../lib/session';
import { useModules } from './api/get-modules';
import { useDeleteModule } from './api/delete-module';
import { filterModules } from './filter-modules';
import { ModuleFormModal } from './module-form-modal';
import { ModuleTypeIcon } from './module-type-icon';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';

export function ModulesPage() {
  const query = useModules();
  const modules = query.data;
  const canEdit = useCanEdit();
  const deleteModule = useDeleteModule();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Module | null | undefined>(undefined);
  const visible = useMemo(() => filterModules(modules ?? [], search), [modules, search]);

  const handleDelete = useConfirmedDelete('module', (module: Module) => deleteModule.mutateAsync(module.id));

  return (
    <>
      <PageHeader
        title="Modules"
        subtitle="Manage reusable content blocks for your website"
        actions={
          canEdit && (
            <button type="button" className="btn-primary" onClick={() => setEditing(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add New Module
            </button>
          )
        }
      />
      <div className="mb-4 max-w-md">
        <SearchInput value={search} onChange={setSearch} placeholder="Search modules..." label="Search modules" />
      </div>
      <QueryStatus
        query={query}
        loadingLabel="Loading modules"
        errorMessage="The modules could not be loaded."
        emptyMessage="No modules found."
        isEmpty={visible.length === 0}
        boxed
      >
        <ul aria-label="Modules" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {visible.map((module) => (
            <li key={module.id} aria-label={module.name} className="card flex min-w-0 flex-col p-5">
              <div className="flex items-start gap-3">
                <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
                  <ModuleTypeIcon type={module.type} className="h-5 w-5" />
                </div>
                <div className="min-w-0 flex-1">
                  <h2 className="truncate font-semibold text-slate-900">{module.name}</h2>
                  <Badge tone="blue">{MODULE_TYPE_LABELS[module.type] ?? module.type}</Badge>
                </div>
                {canEdit && (
                  <div className="flex shrink-0">
                    <button
                      type="button"
                      className="icon-btn"
                      onClick={() => setEditing(module)}
                      aria-label={`Edit ${module.name}`}
                      title="Edit"
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="icon-btn hover:bg-red-50 hover:text-red-600"
                      onClick={() => handleDelete(module)}
                      aria-label={`Delete ${module.name}`}
                      title="Delete"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </div>
                )}
              </div>
              <div className="mt-4 flex-1 space-y-1 text-sm">
                {module.heading && <p className="font-medium text-slate-800">{module.heading}</p>}
                {module.subtitle && <p className="text-slate-600">{module.subtitle}</p>}
                {module.description && <p className="line-clamp-3 text-slate-500">{module.description}</p>}
                {module.video_url && <LinkLine label="Video" href={module.video_url} />}
                {module.button_link && <LinkLine label={module.button_label || 'Button'} href={module.button_link} />}
              </div>
              <p className="mt-4 text-xs text-slate-500">Created {formatDate(module.created_at)}</p>
            </li>
          ))}
        </ul>
      </QueryStatus>
      {editing !== undefined && (
        <ModuleFormModal key={editing?.id ?? 'new'} module={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}

/** Links are http(s) only (the server refuses anything else), so they are safe to open. */
function LinkLine({ label, href }: { label: string; href: string }) {
  return (
    <p className="flex items-center gap-1 truncate text-slate-500">
      <span className="font-medium text-slate-700">{label}:</span>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-w-0 items-center gap-1 truncate text-blue-700 hover:underline"
      >
        <span className="truncate">{href}</span>
        <ExternalLink className="h-3 w-3 shrink-0" aria-hidden="true" />
      </a>
    </p>
  );
}
