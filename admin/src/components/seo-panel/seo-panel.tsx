import { useId } from 'react';
import { Lightbulb, Search } from 'lucide-react';
import { counterTone, searchPreview, SEO_DESCRIPTION_LIMITS, SEO_TITLE_LIMITS, type CounterTone } from './seo-counter';

const TONE_CLASSES: Record<CounterTone, string> = {
  green: 'text-green-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
};
const TONE_WORDS: Record<CounterTone, string> = {
  green: 'good length',
  yellow: 'nearly at the limit',
  red: 'over the recommended limit',
};

export const SEO_TIPS = [
  'Include your main keyword in the SEO title',
  'Write compelling meta descriptions that make people want to click',
  'Keep titles under 60 characters',
  'Keep descriptions under 160 characters',
  "Make each page's SEO title and description unique",
] as const;

export interface SeoPanelProps {
  seoTitle: string;
  seoDescription: string;
  onSeoTitleChange: (value: string) => void;
  onSeoDescriptionChange: (value: string) => void;
  /** The page's own title and slug, used by the preview when the SEO fields are empty. */
  title?: string;
  slug?: string;
  /** The address the preview URL puts the slug under (the site's origin, with a language's prefix for a page in
   * another language than the default); this admin's origin by default. */
  origin?: string;
}

function Counter({ id, length, max, warnAbove }: { id: string; length: number; max: number; warnAbove: number }) {
  const tone = counterTone(length, warnAbove, max);
  return (
    <span id={id} className={`text-xs font-medium tabular-nums ${TONE_CLASSES[tone]}`} data-tone={tone}>
      {length}/{max}
      <span className="sr-only"> characters, {TONE_WORDS[tone]}</span>
    </span>
  );
}

/**
 * The reusable SEO Settings panel: title and meta description with counters coloured at the thresholds (warning
 * above 50 and 150 characters, error above 60 and 160: a soft guide, never enforced), a search-engine preview
 * with its fallbacks, and tips.
 */
export function SeoPanel({
  seoTitle,
  seoDescription,
  onSeoTitleChange,
  onSeoDescriptionChange,
  title = '',
  slug = '',
  origin,
}: SeoPanelProps) {
  const id = useId();
  const preview = searchPreview({
    seoTitle,
    title,
    slug,
    description: seoDescription,
    origin: origin ?? window.location.origin,
  });
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        SEO Settings
      </h2>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-title`} className="label">
            SEO Title
          </label>
          <Counter id={`${id}-title-count`} length={seoTitle.length} {...SEO_TITLE_LIMITS} />
        </div>
        <input
          id={`${id}-title`}
          className="input"
          value={seoTitle}
          onChange={(e) => onSeoTitleChange(e.target.value)}
          aria-describedby={`${id}-title-hint ${id}-title-count`}
        />
        <p id={`${id}-title-hint`} className="mt-1 text-xs text-slate-500">
          Recommended: 50-60 characters
        </p>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-description`} className="label">
            Meta Description
          </label>
          <Counter id={`${id}-description-count`} length={seoDescription.length} {...SEO_DESCRIPTION_LIMITS} />
        </div>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={3}
          value={seoDescription}
          onChange={(e) => onSeoDescriptionChange(e.target.value)}
          aria-describedby={`${id}-description-hint ${id}-description-count`}
        />
        <p id={`${id}-description-hint`} className="mt-1 text-xs text-slate-500">
          Recommended: 150-160 characters
        </p>
      </div>
      <div>
        <h3 className="mb-2 flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search Engine Preview
        </h3>
        <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="search-preview">
          <p className="truncate text-lg leading-snug text-blue-800">{preview.title}</p>
          <p className="truncate text-sm text-green-700">{preview.url}</p>
          <p
            className={`mt-1 line-clamp-2 text-sm ${preview.hasDescription ? 'text-slate-600' : 'italic text-slate-500'}`}
          >
            {preview.description}
          </p>
        </div>
      </div>
      <div className="rounded-lg bg-blue-50 p-4">
        <h3 className="mb-2 flex items-center gap-1.5 text-sm font-medium text-blue-900">
          <Lightbulb className="h-4 w-4" aria-hidden="true" />
          SEO Tips
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-blue-900">
          {SEO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
