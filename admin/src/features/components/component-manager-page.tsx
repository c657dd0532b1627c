import { useState } from 'react';
import { Link } from 'react-router';
import { type Component } from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState } from '../../components/ui/states';
import { useNotify } from '../../components/ui/notify';
import { useCanEdit } from '../../lib/session';
import { useComponents } from './api/get-components';
import { useDeleteComponent } from './api/delete-component';
import { useDuplicateComponent } from './api/duplicate-component';
import { ComponentCard } from './component-card';
import { componentErrorText, ErrorBox } from './error-box';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { LanguageFilter } from '../../components/translations/translations';
import { useSiteLanguages } from '../../lib/site-languages';
import { useListView } from '../../lib/use-server-list';

/**
 * The Component manager at /admin/commoncomp. On a site in more than one language (issue 30), each card says its
 * language and translations, and 'Filter by language' (kept in the URL) narrows the cards to one language.
 */
export function ComponentManagerPage() {
  const { data: all, isPending, isError, error: loadError } = useComponents();
  const site = useSiteLanguages();
  const view = useListView({ language: '' });
  const language = site.multilingual ? view.values.language : '';
  const components = (all ?? []).filter((component) => !language || component.language === language);
  const canEdit = useCanEdit();
  const notify = useNotify();
  const deleteComponent = useDeleteComponent();
  const duplicateComponent = useDuplicateComponent();
  const [actionError, setActionError] = useState<string | null>(null);

  const handleDelete = useConfirmedDelete(
    'component',
    (component: Component) => {
      setActionError(null);
      return deleteComponent.mutateAsync(component.id);
    },
    {
      confirmMessage: (component) => `Are you sure you want to delete "${component.name}"?`,
      deletedNotice: (component) => `"${component.name}" was deleted.`,
      // The manager shows its failures in the red box the builder uses.
      onError: (error) => setActionError(componentErrorText(error, 'Delete failed.')),
    },
  );

  const handleDuplicate = async (component: Component) => {
    setActionError(null);
    try {
      const copy = await duplicateComponent.mutateAsync(component.id);
      notify.success(`Created "${copy.name}". It stays inactive until you switch it on.`);
    } catch (error) {
      console.error(error);
      setActionError(componentErrorText(error, 'Duplicate failed.'));
    }
  };

  return (
    <>
      <PageHeader
        title="Common Components"
        subtitle="The header, footer, navigation and sidebar shared by every page of the website"
        actions={
          canEdit && (
            <Link to="/admin/components/create" className="btn-primary">
              + Create New Component
            </Link>
          )
        }
      />
      {actionError && (
        <div className="mb-4">
          <ErrorBox message={actionError} />
        </div>
      )}
      {site.multilingual && (
        <div className="card mb-4 flex flex-wrap gap-3 p-4">
          <LanguageFilter
            id="component-language-filter"
            languages={site.languages}
            value={view.values.language}
            onChange={(value) => view.set('language', value)}
          />
        </div>
      )}
      {isPending ? (
        <p role="status" className="py-12 text-center text-slate-500">
          Loading components…
        </p>
      ) : isError ? (
        <ErrorBox message={componentErrorText(loadError, 'Failed to load components.')} />
      ) : components.length === 0 ? (
        <div className="card">
          <EmptyState message="No components found. Create one to get started!" />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 2xl:grid-cols-3">
          {components.map((component) => (
            <ComponentCard
              key={component.id}
              component={component}
              languages={site.multilingual ? site.languages : null}
              canEdit={canEdit}
              busy={deleteComponent.isPending || duplicateComponent.isPending}
              onDelete={() => handleDelete(component)}
              onDuplicate={() => handleDuplicate(component)}
            />
          ))}
        </div>
      )}
    </>
  );
}
