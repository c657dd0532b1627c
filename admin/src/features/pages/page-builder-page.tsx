import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { PageInput } from '@tours-cms/contract';
import { Spinner } from '../../components/ui/spinner';
import { useNotify } from '../../components/ui/notify';
import { ApiError } from '../../lib/api-client';
import { usePage } from './api/get-page';
import { useCreatePage, useUpdatePage } from './api/save-page';
import { PageBuilder } from './components/page-builder';
import { LanguageSwitcher } from '../../components/translations/translations';
import { SourceBeside } from '../../components/translations/source-panel';
import { useSiteLanguages } from '../../lib/site-languages';
import { useCanEdit } from '../../lib/session';

/** /admin/pages/create: 'Save Page' goes back to the Pages list (the spec); 'Save' opens the new page for editing. */
export function CreatePagePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePage();
  const save = async (input: PageInput) => {
    const page = await create.mutateAsync(input);
    notify.success('Page created.');
    return page;
  };
  return (
    <PageBuilder
      onSave={save}
      onSaved={(page, intent) =>
        intent === 'close'
          ? navigate('/admin/pages')
          : navigate(`/admin/pages/edit/${page.id}`, { replace: true, state: { savedAt: new Date().toISOString() } })
      }
    />
  );
}

function PageNotFound() {
  return (
    <div className="card mx-auto mt-12 max-w-md p-8 text-center">
      <FileQuestion className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Page not found</h1>
      <Link to="/admin/pages" className="btn-secondary mt-6">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Go back to pages
      </Link>
    </div>
  );
}

/** /admin/pages/edit/{id}: 'Page not found' for a missing page; any other load failure alerts and goes back. */
export function EditPagePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: page, isPending, error } = usePage(id);
  const update = useUpdatePage();
  // The builder starts over only when it takes the saved page instead of its own edits, not after its own saves.
  const [generation, setGeneration] = useState(0);
  const savedAt = (useLocation().state as { savedAt?: string } | null)?.savedAt;
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);
  const site = useSiteLanguages();
  const canEdit = useCanEdit();

  useEffect(() => {
    if (error && !missing) {
      console.error(error);
      notify.error('Error loading page');
      navigate('/admin/pages', { replace: true });
    }
  }, [error, missing, navigate, notify]);

  if (missing) return <PageNotFound />;
  if (isPending || error) return <Spinner label="Loading page" />;

  const save = async (input: PageInput) => {
    const saved = await update.mutateAsync({ id: page.id, input });
    notify.success('Page updated.');
    return saved;
  };
  return (
    <>
      {site.multilingual && (
        <LanguageSwitcher resource="pages" item={page} siteLanguages={site.languages} canEdit={canEdit} />
      )}
      <SourceBeside resource="pages" item={page} defaultLanguage={site.defaultLanguage}>
        <PageBuilder
          key={`${page.id}-${generation}`}
          initial={page}
          onSave={save}
          onSaved={(_page, intent) => intent === 'close' && navigate('/admin/pages')}
          onReloaded={() => setGeneration((n) => n + 1)}
          savedAt={savedAt ? new Date(savedAt) : null}
        />
      </SourceBeside>
    </>
  );
}
