import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Component, ComponentInput } from '@tours-cms/contract';
import type { SaveIntent } from '../../components/content/use-versioned-editor';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useNotify } from '../../components/ui/notify';
import { ApiError } from '../../lib/api-client';
import { useComponent } from './api/get-component';
import { useSaveComponent } from './api/save-component';
import { ComponentForm } from './component-form';
import { componentErrorText, ErrorBox } from './error-box';
import { LanguageSwitcher } from '../../components/translations/translations';
import { useSiteLanguages } from '../../lib/site-languages';

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
  const site = useSiteLanguages();

  // The form starts over only when it takes the saved component instead of its own edits, not after its own saves.
  const [generation, setGeneration] = useState(0);
  const savedAt = (useLocation().state as { savedAt?: string } | null)?.savedAt;

  const handleSave = async (input: ComponentInput) => {
    const saved = await save.mutateAsync(isEdit ? { id: component!.id, input } : { input });
    notify.success(isEdit ? 'Component updated.' : 'Component created.');
    return saved;
  };
  const afterSave = (saved: Component, intent: SaveIntent) => {
    if (intent === 'close') navigate('/admin/commoncomp');
    else if (!isEdit)
      navigate(`/admin/components/edit/${saved.id}`, { replace: true, state: { savedAt: new Date().toISOString() } });
  };

  const title = isEdit ? 'Edit Common Component' : 'Create Common Component';
  return (
    <>
      <PageHeader
        title={title}
        subtitle="A header, footer, navigation or sidebar shared by the pages of the website"
        actions={backLink}
      />
      {!isEdit ? (
        <ComponentForm isEdit={false} onSave={handleSave} onSaved={afterSave} />
      ) : isPending ? (
        <Spinner label="Loading component" />
      ) : error ? (
        <ErrorBox
          message={
            error instanceof ApiError && error.status === 404
              ? 'Component not found'
              : componentErrorText(error, 'Failed to load components.')
          }
        />
      ) : (
        <>
          {/* On a site in more than one language (issue 30): this component in the others, or a button that adds it. */}
          {site.multilingual && (
            <LanguageSwitcher resource="components" item={component} siteLanguages={site.languages} canEdit />
          )}
          <ComponentForm
            key={`${component.id}-${generation}`}
            initial={component}
            isEdit
            onSave={handleSave}
            onSaved={afterSave}
            onReloaded={() => setGeneration((n) => n + 1)}
            savedAt={savedAt ? new Date(savedAt) : null}
          />
        </>
      )}
    </>
  );
}
