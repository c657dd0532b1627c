import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { PageInput } from '@tours-cms/contract';
import { Spinner } from '../../components/spinner';
import { useNotify } from '../../components/notify';
import { ApiError } from '../../lib/api-client';
import { usePage } from './api/get-page';
import { useCreatePage, useUpdatePage } from './api/save-page';
import { PageBuilder } from './components/page-builder';

/** /admin/pages/create: a successful create goes back to the Pages list. */
export function CreatePagePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePage();
  const save = async (input: PageInput) => {
    await create.mutateAsync(input);
    notify.success('Page created.');
  };
  return <PageBuilder onSave={save} onSaved={() => navigate('/admin/pages')} />;
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
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);

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
    await update.mutateAsync({ id: page.id, input });
    notify.success('Page updated.');
  };
  // A new version (a restore, a reload after a conflict) starts the builder over from what is saved.
  return <PageBuilder key={`${page.id}-${page.version}`} initial={page} onSave={save} />;
}
