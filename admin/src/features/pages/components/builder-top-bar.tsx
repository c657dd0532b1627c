import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Images, Save } from 'lucide-react';
import { PAGE_STATUS_LABELS, type PageStatus } from '@tours-cms/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { BUILDER_VIEWS, BUILDER_VIEW_LABELS, type BuilderLanguage, type BuilderView } from '../page-form-values';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { SaveStatus } from '../../../components/content/save-status';

/** In the builder a published page is green, a draft amber and a pending page blue. */
const STATUS_TONES: Record<PageStatus, BadgeTone> = {
  published: 'green',
  draft: 'amber',
  pending: 'blue',
  scheduled: 'blue',
};
const LANGUAGE_LABELS: Record<BuilderLanguage, string> = { html: 'HTML', javascript: 'JavaScript', css: 'CSS' };

interface BuilderTopBarProps {
  heading: string;
  view: BuilderView;
  onViewChange: (view: BuilderView) => void;
  language: BuilderLanguage;
  onLanguageChange: (language: BuilderLanguage) => void;
  status: PageStatus;
  onOpenMedia: () => void;
  saving: boolean;
  isEdit: boolean;
  isDirty: boolean;
  lastSavedAt: Date | null;
  /** The Preview button of a saved page (none on create). */
  preview?: ReactNode;
}

/**
 * The builder's top bar: Back, Media, the view switch, the language in code and split, status, and the saves. On a
 * new page 'Save Page' saves and goes back to the list (the spec) and 'Save' opens it for editing; on a page being
 * edited 'Save Page' keeps the builder open and 'Save and close' goes back to the list.
 */
export function BuilderTopBar({
  heading,
  view,
  onViewChange,
  language,
  onLanguageChange,
  status,
  onOpenMedia,
  saving,
  isEdit,
  isDirty,
  lastSavedAt,
  preview,
}: BuilderTopBarProps) {
  const languageId = useId();
  return (
    <div className="card sticky top-16 z-10 flex flex-wrap items-center gap-3 px-4 py-3">
      <Link to="/admin/pages" className="btn-secondary">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back
      </Link>
      <h1 className="text-lg font-semibold text-slate-900">{heading}</h1>
      <button type="button" className="btn-secondary" onClick={onOpenMedia}>
        <Images className="h-4 w-4" aria-hidden="true" />
        Media
      </button>
      <SegmentedControl
        label="View mode"
        size="md"
        options={BUILDER_VIEWS.map((v) => ({ value: v, label: BUILDER_VIEW_LABELS[v] }))}
        value={view}
        onChange={onViewChange}
      />
      {(view === 'code' || view === 'split') && (
        <div className="flex items-center gap-2">
          <label htmlFor={languageId} className="text-sm font-medium text-slate-700">
            Language
          </label>
          <select
            id={languageId}
            className="input w-36 py-1.5"
            value={language}
            onChange={(e) => onLanguageChange(e.target.value as BuilderLanguage)}
          >
            {(Object.keys(LANGUAGE_LABELS) as BuilderLanguage[]).map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_LABELS[l]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="ml-auto flex flex-wrap items-center justify-end gap-3">
        <span aria-label={`Status: ${PAGE_STATUS_LABELS[status]}`}>
          <Badge tone={STATUS_TONES[status]}>{PAGE_STATUS_LABELS[status]}</Badge>
        </span>
        <SaveStatus isDirty={isDirty} lastSavedAt={lastSavedAt} />
        {preview}
        {!isEdit && (
          <button type="submit" value="stay" className="btn-secondary" disabled={saving}>
            Save
          </button>
        )}
        <button type="submit" value={isEdit ? 'stay' : 'close'} className="btn-primary" disabled={saving}>
          <Save className="h-4 w-4" aria-hidden="true" />
          Save Page
        </button>
        {isEdit && (
          <button type="submit" value="close" className="btn-secondary" disabled={saving}>
            Save and close
          </button>
        )}
      </div>
    </div>
  );
}
