import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ComponentInput } from '@tours-cms/contract';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useNotify } from '../../components/notify';
import { ApiError } from '../../lib/api-client';
import { useComponent } from './api/get-component';
import { useSaveComponent } from './api/save-component';
import { ComponentForm } from './component-form';
import { componentErrorText, ErrorBox } from './error-box';

const backLink = (
  <Link to="/admin/commoncomp" className="btn-secondary">
    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
    Back to Component Manager
  </Link>
);

/** The Common component builder: /admin/components/create and /admin/components/edit/{id}. */
export function ComponentBuilderPage() {
  const { id } = useParams();
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useSaveComponent();
  const { data: component, isPending, error } = useComponent(isEdit ? id : undefined);

  const handleSave = async (input: ComponentInput) => {
    await save.mutateAsync(isEdit ? { id: component!.id, input } : { input });
    notify.success(isEdit ? 'Component updated.' : 'Component created.');
  };
  const backToManager = () => navigate('/admin/commoncomp');

  const title = isEdit ? 'Edit Common Component' : 'Create Common Component';
  return (
    <>
      <PageHeader title={title} subtitle="A header, footer, navigation or sidebar shared by the pages of the website" actions={backLink} />
      {!isEdit ? (
        <ComponentForm isEdit={false} onSave={handleSave} onSaved={backToManager} />
      ) : isPending ? (
        <Spinner label="Loading component" />
      ) : error ? (
        <ErrorBox message={error instanceof ApiError && error.status === 404 ? 'Component not found' : componentErrorText(error, 'Failed to load components.')} />
      ) : (
        // A new version (a restore, a reload after a conflict) starts the form over from what is saved.
        <ComponentForm key={`${component.id}-${component.version}`} initial={component} isEdit onSave={handleSave} onSaved={backToManager} />
      )}
    </>
  );
}
