import { useDeferredValue, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import {
  pageFields,
  pageInputSchema,
  pageSnapshot,
  publicPageBase,
  type MediaItem,
  type Page,
  type PageInput,
} from '@tours-cms/contract';
import { LazyCodeEditor, LazyRichTextEditor } from '../../../components/editors/lazy-editors';
import { ContentFrame } from '../../../components/content-frame/content-frame';
import { MediaSelector } from '../../../components/media-selector/media-selector';
import { FormErrorBox } from '../../../components/ui/form-field';
import { UnsavedCopyBanner } from '../../../components/content/unsaved-copy-banner';
import { HistoryPanel } from '../../../components/content/history-panel';
import { VersionConflictBox } from '../../../components/content/version-conflict-box';
import { PreviewLinksPanel } from '../../../components/content/preview-links-panel';
import { historyApi, previewLinksApi } from '../../../components/content/content-api';
import { diffFieldsOf } from '../../../components/content/diff-fields';
import { useVersionedEditor, type SaveIntent } from '../../../components/content/use-versioned-editor';
import { PreviewDraftButton } from '../../../components/content/preview-draft-button';
import { queryKeys } from '../../../lib/query-keys';
import { useCanEdit } from '../../../lib/session';
import { useSiteLanguages } from '../../../lib/site-languages';
import { getPage } from '../api/get-page';
import { appendMedia } from '../media-insertion';
import {
  pageFormValues,
  readBuilderRecord,
  revivePageCopy,
  toPageInput,
  type BuilderLanguage,
  type BuilderView,
  type TourField,
} from '../page-form-values';
import { initialSlugState, slugAfterManualEdit, slugAfterTitleChange } from '../slug-rule';
import { BuilderTopBar } from './builder-top-bar';
import { PageSettingsPanel } from './page-settings-panel';
import { PagePreview, previewHtml } from './page-preview';
import { TourDetailsPanel } from './tour-details-panel';
import { StyleBlockNotice } from '../../../components/content/style-block-notice';

const EDITOR_HEIGHT = 560;
const PAGE_DIFF_FIELDS = diffFieldsOf(pageFields);

interface PageBuilderProps {
  /** The page being edited; absent on create. */
  initial?: Page;
  onSave: (input: PageInput) => Promise<Page>;
  /** Called once a save succeeded and the form is clean again: go back to the list, or open a new page for editing. */
  onSaved?: (saved: Page, intent: SaveIntent) => void;
  /** After the builder took the saved page instead of its own edits (a restore, a conflict): start it over. */
  onReloaded?: () => void;
  /** When the page was saved just before this builder opened (a new page, created and opened for editing). */
  savedAt?: Date | null;
}

/**
 * The page builder (create and edit): the 'Page Settings' panel, the top bar, and the content in the
 * Visual (rich text editor), Code, Split (code beside a 'Live Preview') or Preview (three widths) views. Every
 * view edits the same HTML, and every preview renders it in a sandboxed frame as the public site does.
 */
export function PageBuilder({ initial, onSave, onSaved, onReloaded, savedAt }: PageBuilderProps) {
  const isEdit = initial !== undefined;
  const [{ view, language }, setEditorState] = useState(() => readBuilderRecord(initial?.template_data ?? null));
  const [picker, setPicker] = useState<'featured' | 'content' | null>(null);
  const site = useSiteLanguages();
  const canEdit = useCanEdit();
  const editor = useVersionedEditor({
    resource: 'page',
    item: initial,
    initial: pageFormValues(initial, window.location.origin),
    queryKey: initial ? queryKeys.page(String(initial.id)) : undefined,
    toInput: (values) => toPageInput(values, { view, language, includeTourFields: isEdit }),
    schema: pageInputSchema,
    send: (input: PageInput) => onSave(input),
    onReloaded,
    savedAt,
    // The screen above says 'Page created.' / 'Page updated.' and goes back to the list.
    successNotice: null,
    failureNotice: isEdit ? 'Error updating page. Please try again.' : 'Error creating page. Please try again.',
    onSaved: (saved, intent) => onSaved?.(saved as Page, intent),
    reviveCopy: revivePageCopy,
  });
  const { values, setValues, set, conflict } = editor;
  const { isPending: saving, fieldErrors, formError, clearFieldErrors } = editor.form;
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => initialSlugState(values.slug).followsTitle);
  const restoreCopy = () => {
    editor.restoreCopy();
    setSlugFollowsTitle(false);
  };
  const errors: Partial<Record<string, string>> = Object.fromEntries(
    fieldErrors.map(({ field, message }) => [field, message]),
  );
  const preview = useDeferredValue(previewHtml(values.content, values.featured_image_url));

  const clearError = (...fields: string[]) => clearFieldErrors(fields);
  const setView = (next: BuilderView) => setEditorState((s) => ({ ...s, view: next }));
  const setLanguage = (next: BuilderLanguage) => setEditorState((s) => ({ ...s, language: next }));

  const changeTitle = (title: string) => {
    const next = slugAfterTitleChange({ slug: values.slug, followsTitle: slugFollowsTitle }, title);
    setValues((v) => ({ ...v, title, slug: next.slug }));
    clearError('title', ...(next.slug !== values.slug ? ['slug'] : []));
  };
  const changeSlug = (slug: string) => {
    const next = slugAfterManualEdit(slug);
    setSlugFollowsTitle(next.followsTitle);
    set('slug', next.slug);
    clearError('slug');
  };
  // A URL typed by hand no longer names the library item that was chosen.
  const changeFeaturedUrl = (url: string) => {
    setValues((v) => ({ ...v, featured_image_url: url, featured_image_id: null }));
    clearError('featured_image_url', 'featured_image_id');
  };
  const changeTour = (field: TourField, value: string) => {
    set(field, value);
    clearError(field);
  };

  const choose = (url: string, item: MediaItem) => {
    if (picker === 'featured') {
      setValues((v) => ({
        ...v,
        featured_image_url: url,
        featured_image_id: item.mime_type.startsWith('image/') ? item.id : null,
      }));
      clearError('featured_image_url', 'featured_image_id');
    } else {
      setValues((v) => ({ ...v, content: appendMedia(v.content, item) }));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void editor.save(submitter?.value === 'close' ? 'close' : 'stay');
  };

  const code = (
    <LazyCodeEditor
      key={editor.generation}
      value={values.content}
      onChange={(html) => set('content', html)}
      language={language}
      onLanguageChange={setLanguage}
      showLanguageSelect={false}
      viewModes={['code']}
      height={EDITOR_HEIGHT}
      label="Page content code"
    />
  );

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-6">
        {editor.copyOffer && (
          <UnsavedCopyBanner
            copy={editor.copyOffer}
            noun="page"
            loadedVersion={initial?.version}
            onRestore={restoreCopy}
            onDiscard={editor.discardCopy}
          />
        )}
        <BuilderTopBar
          heading={isEdit ? 'Edit Page' : 'Create Page'}
          view={view}
          onViewChange={setView}
          language={language}
          onLanguageChange={setLanguage}
          status={values.status}
          onOpenMedia={() => setPicker('content')}
          saving={saving}
          isEdit={isEdit}
          isDirty={editor.isDirty}
          lastSavedAt={editor.lastSavedAt}
          preview={
            initial && (
              <PreviewDraftButton
                resource="pages"
                id={initial.id}
                queryKey={queryKeys.page(String(initial.id))}
                isDirty={editor.isDirty}
                save={() => editor.save('stay')}
                noun="page"
              />
            )
          }
        />
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
          <div className="space-y-6">
            {initial && conflict ? (
              <VersionConflictBox
                noun="page"
                conflict={conflict}
                fields={PAGE_DIFF_FIELDS}
                loadCurrent={async () => pageSnapshot(await getPage(String(initial.id)))}
                mine={toPageInput(values, { view, language, includeTourFields: isEdit })}
                onReload={editor.reload}
                onSaveAnyway={() => void editor.saveAnyway()}
              />
            ) : (
              <FormErrorBox message={formError} />
            )}
            <PageSettingsPanel
              values={values}
              base={publicPageBase(window.location.origin, {
                language: initial?.language ?? null,
                defaultLanguage: site.defaultLanguage,
              })}
              errors={errors}
              onStatusChange={(status) => {
                set('status', status);
                clearFieldErrors(['publish_at']);
              }}
              onPublishAtChange={(iso) => {
                set('publish_at', iso);
                clearFieldErrors(['publish_at']);
              }}
              onTitleChange={changeTitle}
              onSlugChange={changeSlug}
              onFeaturedUrlChange={changeFeaturedUrl}
              onChooseFeatured={() => setPicker('featured')}
              onSeoTitleChange={(value) => set('seo_title', value)}
              onSeoDescriptionChange={(value) => set('seo_description', value)}
            />
            {isEdit && <TourDetailsPanel values={values} errors={errors} onChange={changeTour} />}
            {initial && (
              <PreviewLinksPanel
                noun="page"
                queryKey={queryKeys.page(String(initial.id))}
                {...previewLinksApi('pages', initial.id)}
                canEdit={canEdit}
              />
            )}
            {initial && (
              <HistoryPanel
                noun="page"
                currentVersion={initial.version}
                current={pageSnapshot(initial)}
                fields={PAGE_DIFF_FIELDS}
                queryKey={queryKeys.page(String(initial.id))}
                {...historyApi('pages', initial.id)}
                canRestore={canEdit}
                onRestored={editor.reload}
              />
            )}
          </div>
          <section aria-label="Page content" className="min-w-0">
            <div className="mb-3 empty:hidden">
              <StyleBlockNotice html={values.content} />
            </div>
            {view === 'visual' && (
              <LazyRichTextEditor
                key={editor.generation}
                value={values.content}
                onChange={(html) => set('content', html)}
                minHeight={EDITOR_HEIGHT}
                modules
              />
            )}
            {view === 'code' && code}
            {view === 'split' && (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                <div className="min-w-0">{code}</div>
                <div className="card min-w-0 overflow-hidden">
                  <h2 className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-slate-700">
                    Live Preview
                  </h2>
                  <ContentFrame html={preview} title="Live Preview" autoHeight minHeight={EDITOR_HEIGHT} />
                </div>
              </div>
            )}
            {view === 'preview' && <PagePreview html={preview} />}
          </section>
        </div>
      </form>
      {picker && (
        <MediaSelector
          onSelect={choose}
          onClose={() => setPicker(null)}
          selectedUrl={picker === 'featured' ? values.featured_image_url : null}
        />
      )}
      {saving && (
        <div
          className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40"
          role="status"
          aria-live="polite"
        >
          <div className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 shadow-xl">
            <Loader2 className="h-6 w-6 animate-spin text-blue-600" aria-hidden="true" />
            <p className="font-medium text-slate-800">{isEdit ? 'Updating page...' : 'Saving page...'}</p>
          </div>
        </div>
      )}
    </>
  );
}
