import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@tours-cms/contract';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Card } from './card';
import type { PostFormValues } from '../post-form-values';

interface Props {
  values: PostFormValues;
  errorFor: (field: keyof PostFormValues) => string | undefined;
  onChange: <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) => void;
}

/** The post's search-engine title and description: a soft guide, not enforced. */
export function SeoCard({ values, errorFor, onChange }: Props) {
  return (
    <Card title="SEO Settings">
      <FormField
        id="post-seo_title"
        label="SEO Title"
        error={errorFor('seo_title')}
        hint={`Recommended: up to ${SEO_TITLE_MAX} characters (${values.seo_title.length}/${SEO_TITLE_MAX})`}
      >
        <input
          id="post-seo_title"
          className="input"
          value={values.seo_title}
          onChange={(event) => onChange('seo_title', event.target.value)}
          {...fieldA11y('post-seo_title', errorFor('seo_title'))}
        />
      </FormField>
      <FormField
        id="post-seo_description"
        label="SEO Description"
        error={errorFor('seo_description')}
        hint={`Recommended: up to ${SEO_DESCRIPTION_MAX} characters (${values.seo_description.length}/${SEO_DESCRIPTION_MAX})`}
      >
        <textarea
          id="post-seo_description"
          className="input"
          rows={3}
          value={values.seo_description}
          onChange={(event) => onChange('seo_description', event.target.value)}
          {...fieldA11y('post-seo_description', errorFor('seo_description'))}
        />
      </FormField>
    </Card>
  );
}
