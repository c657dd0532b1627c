import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Card } from './card';
import { LazyProseEditor } from '../../../components/editors/prose-editor/lazy-prose-editor';
import type { PostFormValues } from '../post-form-values';

interface Props {
  values: PostFormValues;
  errorFor: (field: keyof PostFormValues) => string | undefined;
  onTitleChange: (title: string) => void;
  onSlugChange: (slug: string) => void;
  onChange: <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) => void;
  /** The content the editor starts from (it is uncontrolled afterwards). */
  initialContent: string;
}

export function PostContentCard({ values, errorFor, onTitleChange, onSlugChange, onChange, initialContent }: Props) {
  return (
    <Card title="Post Content">
      <FormField id="post-title" label="Title" required error={errorFor('title')}>
        <input
          id="post-title"
          className="input"
          required
          value={values.title}
          onChange={(event) => onTitleChange(event.target.value)}
          {...fieldA11y('post-title', errorFor('title'))}
        />
      </FormField>
      <FormField
        id="post-slug"
        label="Slug"
        required
        error={errorFor('slug')}
        hint="Lowercase letters, digits and hyphens; the post's address."
      >
        <input
          id="post-slug"
          className="input font-mono"
          required
          value={values.slug}
          onChange={(event) => onSlugChange(event.target.value)}
          {...fieldA11y('post-slug', errorFor('slug'))}
        />
      </FormField>
      <div>
        <span id="post-content-label" className="label">
          Content
        </span>
        <LazyProseEditor
          labelId="post-content-label"
          modules
          initialHtml={initialContent}
          onChange={(html) => onChange('content', html)}
        />
        {errorFor('content') && <p className="field-error">{errorFor('content')}</p>}
      </div>
      <FormField id="post-excerpt" label="Excerpt" error={errorFor('excerpt')}>
        <textarea
          id="post-excerpt"
          className="input"
          rows={3}
          value={values.excerpt}
          onChange={(event) => onChange('excerpt', event.target.value)}
          {...fieldA11y('post-excerpt', errorFor('excerpt'))}
        />
      </FormField>
    </Card>
  );
}
