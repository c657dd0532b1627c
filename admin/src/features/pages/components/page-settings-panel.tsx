import { useId } from 'react';
import { ImageIcon, X } from 'lucide-react';
import { PAGE_STATUSES, PAGE_STATUS_LABELS, type PageStatus } from '@tours-cms/contract';
import { FieldError } from '../../../components/ui/form-field';
import { SeoPanel } from '../../../components/seo-panel/seo-panel';
import { PublishAtField } from '../../../components/content/publish-at-field';
import type { PageFormValues } from '../page-form-values';

interface PageSettingsPanelProps {
  values: PageFormValues;
  /** The page's address before `/` and its slug: the origin, and its language's prefix when not the default. */
  base: string;
  errors: Partial<Record<string, string>>;
  onStatusChange: (status: PageStatus) => void;
  onPublishAtChange: (iso: string) => void;
  onTitleChange: (title: string) => void;
  onSlugChange: (slug: string) => void;
  onFeaturedUrlChange: (url: string) => void;
  onChooseFeatured: () => void;
  onSeoTitleChange: (value: string) => void;
  onSeoDescriptionChange: (value: string) => void;
}

/** The left panel 'Page Settings': status, title, URL slug, featured image, SEO settings. */
export function PageSettingsPanel(props: PageSettingsPanelProps) {
  const { values, errors } = props;
  const id = useId();
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const imageUrl = values.featured_image_url.trim();

  return (
    <section className="card space-y-5 p-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Page Settings
      </h2>
      <div>
        <label htmlFor={`${id}-status`} className="label">
          Status
        </label>
        <select
          id={`${id}-status`}
          className="input"
          value={values.status}
          onChange={(e) => props.onStatusChange(e.target.value as PageStatus)}
        >
          {PAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PAGE_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {values.status === 'scheduled' && (
        <PublishAtField
          id={`${id}-publish-at`}
          value={values.publish_at}
          error={errors.publish_at}
          onChange={props.onPublishAtChange}
        />
      )}
      <div>
        <label htmlFor={`${id}-title`} className="label">
          Title{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={values.title}
          onChange={(e) => props.onTitleChange(e.target.value)}
          placeholder="Page title"
          required
          maxLength={200}
          {...invalid('title')}
        />
        <FieldError id={`${id}-title-error`} message={errors.title} />
      </div>
      <div>
        <label htmlFor={`${id}-slug`} className="label">
          URL Slug{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </label>
        <div className="flex items-stretch">
          {/* Cut at its start when long, so the end (a language's prefix, `/de/`) stays in view. */}
          <span
            className="flex max-w-[45%] items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-2 text-xs text-slate-500"
            title={`${props.base}/`}
          >
            <span dir="rtl" className="truncate text-left">
              <bdi>{props.base}/</bdi>
            </span>
          </span>
          <input
            id={`${id}-slug`}
            className="input rounded-l-none"
            value={values.slug}
            onChange={(e) => props.onSlugChange(e.target.value)}
            required
            maxLength={200}
            {...invalid('slug')}
          />
        </div>
        <FieldError id={`${id}-slug-error`} message={errors.slug} />
      </div>
      <div>
        <label htmlFor={`${id}-image`} className="label">
          Featured Image URL
        </label>
        <input
          id={`${id}-image`}
          type="url"
          className="input"
          value={values.featured_image_url}
          onChange={(e) => props.onFeaturedUrlChange(e.target.value)}
          placeholder="https://example.com/image.jpg"
          {...invalid('featured_image_url')}
        />
        <FieldError
          id={`${id}-featured_image_url-error`}
          message={errors.featured_image_url ?? errors.featured_image_id}
        />
        <button type="button" className="btn-secondary mt-2 w-full" onClick={props.onChooseFeatured}>
          <ImageIcon className="h-4 w-4" aria-hidden="true" />
          Choose from Media Library
        </button>
        {imageUrl && (
          <div className="relative mt-3 overflow-hidden rounded-lg border border-slate-200">
            <img src={imageUrl} alt="Featured image preview" className="block h-40 w-full object-cover" />
            <button
              type="button"
              className="icon-btn absolute right-2 top-2 bg-white/90 shadow"
              onClick={() => props.onFeaturedUrlChange('')}
              aria-label="Remove featured image"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      <div className="border-t border-slate-200 pt-5">
        <SeoPanel
          seoTitle={values.seo_title}
          seoDescription={values.seo_description}
          onSeoTitleChange={props.onSeoTitleChange}
          onSeoDescriptionChange={props.onSeoDescriptionChange}
          title={values.title}
          slug={values.slug}
          origin={props.base}
        />
      </div>
    </section>
  );
}
