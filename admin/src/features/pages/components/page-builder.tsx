import { useDeferredValue, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { MediaItem, Page, PageInput, VersionConflict } from '@tours-cms/contract';
import { LazyCodeEditor, LazyRichTextEditor } from '../../../components/editors/lazy-editors';
import { ContentFrame } from '../../../components/content-frame/content-frame';
import { MediaSelector } from '../../../components/media-selector/media-selector';
import { FormErrorBox } from '../../../components/form-field';
import { useFormSubmit } from '../../../components/use-form-submit';
import { useUnsavedCopy } from '../../../components/unsaved-copy/use-unsaved-copy';
import { UnsavedCopyBanner } from '../../../components/unsaved-copy/unsaved-copy-banner';
import { useUnsavedChangesGuard, valuesDiffer } from '../../../components/unsaved-changes';
import { HistoryPanel } from '../../../components/history/history-panel';
import { VersionConflictBox } from '../../../components/history/version-conflict-box';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useCanEdit } from '../../../lib/session';
import { getPage } from '../api/get-page';
import { PreviewLinksPanel } from '../../../components/preview-links/preview-links-panel';
import {
  createPagePreviewLink,
  getPagePreviewLinks,
  getPageRevision,
  getPageRevisions,
  PAGE_DIFF_FIELDS,
  pageSnapshot,
  restorePageRevision,
  revokePagePreviewLink,
} from '../page-history';
import { appendMedia } from '../media-insertion';
import {
  pageFormProblems,
  pageFormValues,
  readBuilderRecord,
  toPageInput,
  writeBuilderRecord,
  type BuilderLanguage,
  type BuilderView,
  type PageFormValues,
  type TourField,
} from '../page-form-values';
import { initialSlugState, slugAfterManualEdit, slugAfterTitleChange } from '../slug-rule';
import { BuilderTopBar } from './builder-top-bar';
import { PageSettingsPanel } from './page-settings-panel';
import { PagePreview, previewHtml } from './page-preview';
import { TourDetailsPanel } from './tour-details-panel';

const EDITOR_HEIGHT = 560;

interface PageBuilderProps {
  /** The page being edited; absent on create. */
  initial?: Page;
  onSave: (input: PageInput) => Promise<unknown>;
  /** Called once a save succeeded and the form is clean again, e.g. to go back to the list. */
  onSaved?: () => void;
}

/**
 * The page builder (create and edit): the 'Page Settings' panel, the top bar, and the content in the
 * Visual (rich text editor), Code, Split (code beside a 'Live Preview') or Preview (three widths) views. Every
 * view edits the same HTML, and every preview renders it in a sandboxed frame as the public site does.
 */
export function PageBuilder({ initial, onSave, onSaved }: PageBuilderProps) {
  const isEdit = initial !== undefined;
  const [values, setValues] = useState<PageFormValues>(() => pageFormValues(initial, window.location.origin));
  // What the server holds: the builder is dirty while its values differ from it.
  const [savedValues, setSavedValues] = useState(values);
  const isDirty = valuesDiffer(values, savedValues);
  const markClean = useUnsavedChangesGuard(isDirty);
  // Unsaved edits are kept in this browser as they are typed; reopening the builder offers them back.
  const loaded = useState(values)[0];
  const copy = useUnsavedCopy({
    resource: 'page',
    itemId: initial?.id,
    values,
    isDirty,
    baseVersion: initial?.version,
    differsFromLoaded: (stored) => valuesDiffer({ ...loaded, ...stored }, loaded),
  });
  // The content editors start over from a restored copy.
  const [editorGeneration, setEditorGeneration] = useState(0);
  const restoreCopy = () => {
    if (!copy.offer) return;
    setValues({ ...loaded, ...copy.offer.values });
    setSlugFollowsTitle(false);
    setEditorGeneration((n) => n + 1);
    copy.accept();
  };
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => initialSlugState(values.slug).followsTitle);
  const [{ view, language }, setEditorState] = useState(() => readBuilderRecord(initial?.template_data ?? null));
  const [picker, setPicker] = useState<'featured' | 'content' | null>(null);
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  // The version this builder was loaded at, sent with every save (or, to save anyway, the newer one it was told of).
  const version = useRef(initial?.version);
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const { submit: save, isPending: saving, fieldErrors, formError, clearFieldErrors } = useFormSubmit({
    check: (input: PageFormValues) => {
      const problems = Object.entries(pageFormProblems(input)).map(([field, message]) => ({ field, message: message! }));
      return problems.length > 0 ? { fieldErrors: problems } : null;
    },
    send: (input: PageFormValues) => {
      const templateData = writeBuilderRecord(initial?.template_data ?? null, view, language);
      setConflict(null);
      return onSave({ ...toPageInput(input, { includeTourFields: isEdit, templateData }), ...(version.current !== undefined ? { version: version.current } : {}) });
    },
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 409 && typeof error.body.current_version === 'number') setConflict(error.body as unknown as VersionConflict);
    },
    // The screen above says 'Page created.' / 'Page updated.' and goes back to the list.
    successNotice: null,
    failureNotice: isEdit ? 'Error updating page. Please try again.' : 'Error creating page. Please try again.',
    onSuccess: () => {
      setSavedValues(values);
      copy.clear();
      markClean();
      onSaved?.();
    },
  });
  const errors: Partial<Record<string, string>> = Object.fromEntries(fieldErrors.map(({ field, message }) => [field, message]));
  const preview = useDeferredValue(previewHtml(values.content, values.featured_image_url));

  const set = <K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
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
    setValues((v) => ({ ...v, tour: { ...v.tour, [field]: value } }));
    if (field === 'price') clearError('price');
  };

  const choose = (url: string, item: MediaItem) => {
    if (picker === 'featured') {
      setValues((v) => ({ ...v, featured_image_url: url, featured_image_id: item.mime_type.startsWith('image/') ? item.id : null }));
      clearError('featured_image_url', 'featured_image_id');
    } else {
      setValues((v) => ({ ...v, content: appendMedia(v.content, item) }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(values);
  };
  /** Drops this builder's edits for the saved page: the screen loads it again and the builder starts over. */
  const reload = () => {
    markClean();
    copy.clear(); // their version replaces these edits, by choice: nothing to offer back
    setConflict(null);
    if (initial) void queryClient.invalidateQueries({ queryKey: queryKeys.page(String(initial.id)) });
  };

  const code = (
    <LazyCodeEditor
      key={editorGeneration}
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
        {copy.offer && <UnsavedCopyBanner copy={copy.offer} noun="page" loadedVersion={initial?.version} onRestore={restoreCopy} onDiscard={copy.discard} />}
        <BuilderTopBar
          heading={isEdit ? 'Edit Page' : 'Create Page'}
          view={view}
          onViewChange={setView}
          language={language}
          onLanguageChange={setLanguage}
          status={values.status}
          onOpenMedia={() => setPicker('content')}
          saving={saving}
        />
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
          <div className="space-y-6">
            {initial && conflict ? (
              <VersionConflictBox
                noun="page"
                conflict={conflict}
                fields={PAGE_DIFF_FIELDS}
                loadCurrent={async () => pageSnapshot(await getPage(String(initial.id)))}
                mine={toPageInput(values, { includeTourFields: isEdit, templateData: writeBuilderRecord(initial.template_data, view, language) }) as unknown as Record<string, unknown>}
                onReload={reload}
                onSaveAnyway={() => {
                  version.current = conflict.current_version;
                  void save(values);
                }}
              />
            ) : (
              <FormErrorBox message={formError} />
            )}
            <PageSettingsPanel
              values={values}
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
            {isEdit && <TourDetailsPanel values={values.tour} error={errors.price} onChange={changeTour} />}
            {initial && (
              <PreviewLinksPanel
                noun="page"
                queryKey={queryKeys.page(String(initial.id))}
                fetchLinks={() => getPagePreviewLinks(initial.id)}
                createLink={() => createPagePreviewLink(initial.id)}
                revokeLink={(previewId) => revokePagePreviewLink(initial.id, previewId)}
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
                fetchList={(page) => getPageRevisions(initial.id, page)}
                fetchRevision={(revisionId) => getPageRevision(initial.id, revisionId)}
                restore={(revisionId) => restorePageRevision(initial.id, revisionId)}
                canRestore={canEdit}
                onRestored={reload}
              />
            )}
          </div>
          <section aria-label="Page content" className="min-w-0">
            {view === 'visual' && <LazyRichTextEditor key={editorGeneration} value={values.content} onChange={(html) => set('content', html)} minHeight={EDITOR_HEIGHT} />}
            {view === 'code' && code}
            {view === 'split' && (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                <div className="min-w-0">{code}</div>
                <div className="card min-w-0 overflow-hidden">
                  <h2 className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-slate-700">Live Preview</h2>
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
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40" role="status" aria-live="polite">
          <div className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 shadow-xl">
            <Loader2 className="h-6 w-6 animate-spin text-blue-600" aria-hidden="true" />
            <p className="font-medium text-slate-800">{isEdit ? 'Updating page...' : 'Saving page...'}</p>
          </div>
        </div>
      )}
    </>
  );
}
