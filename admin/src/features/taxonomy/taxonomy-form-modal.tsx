import { useState, type FormEvent, type ReactNode } from 'react';
import {
  languageName,
  slugify,
  taxonomyInputSchema,
  TAXONOMY_LABELS,
  type TaxonomyInput,
  type TaxonomyItem,
  type TaxonomyKind,
} from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { ModalFormFooter } from '../../components/ui/modal-form-footer';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { useSaveTaxonomyItem } from './api/save-taxonomy';
import { DiscardGuardContext, useDiscardGuard, valuesDiffer } from '../../components/content/unsaved-changes';
import { useSiteLanguages } from '../../lib/site-languages';

interface Props {
  kind: TaxonomyKind;
  /** The item being edited, or null to add one. */
  item: TaxonomyItem | null;
  /** Every item of this kind, for the parent choices. */
  items: TaxonomyItem[];
  onClose: () => void;
  /** On a site in more than one language: the item's language switcher, above the fields (issue 30). */
  languages?: ReactNode;
}

/**
 * Add or edit a category or tag. The slug is regenerated on every name change; the parent choices are the top-level
 * items of the item's language (a new one's: the site's default) other than the one being edited. Its language
 * switcher asks before dropping unsaved edits.
 */
export function TaxonomyFormModal({ kind, item, items, onClose, languages }: Props) {
  const labels = TAXONOMY_LABELS[kind];
  const isEdit = item !== null;
  const save = useSaveTaxonomyItem(kind);
  const { defaultLanguage } = useSiteLanguages();
  const [initial] = useState(() => ({
    name: item?.name ?? '',
    slug: item?.slug ?? '',
    description: item?.description ?? '',
    parent_id: item?.parent_id == null ? '' : String(item.parent_id),
  }));
  const [form, setForm] = useState(initial);
  const guard = useDiscardGuard(valuesDiffer(form, initial));
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: taxonomyInputSchema,
    send: (input: TaxonomyInput) => save.mutateAsync(isEdit ? { id: item.id, input } : { input }),
    successNotice: `${labels.singular} ${isEdit ? 'updated' : 'created'}.`,
    failureNotice: `Error saving ${labels.lower}. Please try again.`,
    onSuccess: onClose,
  });
  const set = (changes: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...changes }));
    // A new name makes a new slug, so its error goes too.
    clearFieldErrors([...Object.keys(changes), ...('name' in changes ? ['slug'] : [])]);
  };

  // A parent is in its child's language (the server refuses another, issue 30). One saved before that rule stays
  // shown, named with its language, so the field says what the item has.
  const language = item?.language ?? defaultLanguage;
  const parentChoices = items.filter(
    (other) =>
      other.parent_id === null &&
      other.id !== item?.id &&
      (other.language === language || other.id === item?.parent_id),
  );
  // An item with children must stay top-level, or the tree would grow a second level.
  const hasChildren = isEdit && items.some((other) => other.parent_id === item.id);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name: form.name,
      slug: form.slug,
      description: form.description,
      parent_id: form.parent_id === '' ? null : Number.parseInt(form.parent_id, 10),
    };
    void submit(input);
  };

  const formId = `${kind}-form`;
  return (
    <Modal
      open
      title={isEdit ? `Edit ${labels.singular}` : `Add New ${labels.singular}`}
      onClose={onClose}
      footer={
        <ModalFormFooter
          formId={formId}
          submitLabel={isEdit ? `Update ${labels.singular}` : `Create ${labels.singular}`}
          pending={isPending}
          onCancel={onClose}
        />
      }
    >
      <DiscardGuardContext.Provider value={guard}>{languages}</DiscardGuardContext.Provider>
      <form id={formId} className="space-y-4" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} />
        <FormField id={`${kind}-name`} label="Name" required error={errorFor('name')}>
          <input
            id={`${kind}-name`}
            className="input"
            required
            data-autofocus
            value={form.name}
            onChange={(e) => set({ name: e.target.value, slug: slugify(e.target.value) })}
            {...fieldA11y(`${kind}-name`, errorFor('name'))}
          />
        </FormField>
        <FormField id={`${kind}-slug`} label="Slug" required error={errorFor('slug')}>
          <input
            id={`${kind}-slug`}
            className="input font-mono"
            required
            value={form.slug}
            onChange={(e) => set({ slug: e.target.value })}
            {...fieldA11y(`${kind}-slug`, errorFor('slug'))}
          />
        </FormField>
        <FormField id={`${kind}-description`} label="Description" error={errorFor('description')}>
          <textarea
            id={`${kind}-description`}
            className="input"
            rows={3}
            value={form.description}
            onChange={(e) => set({ description: e.target.value })}
            {...fieldA11y(`${kind}-description`, errorFor('description'))}
          />
        </FormField>
        <FormField
          id={`${kind}-parent`}
          label={`Parent ${labels.singular}`}
          error={errorFor('parent_id')}
          hint={
            hasChildren
              ? `This ${labels.lower} has ${kind === 'categories' ? 'subcategories' : 'subtags'} of its own, so it stays top-level.`
              : undefined
          }
        >
          <select
            id={`${kind}-parent`}
            className="input"
            value={form.parent_id}
            disabled={hasChildren}
            onChange={(e) => set({ parent_id: e.target.value })}
            {...fieldA11y(`${kind}-parent`, errorFor('parent_id'))}
          >
            <option value="">None (top-level)</option>
            {parentChoices.map((parent) => (
              <option key={parent.id} value={String(parent.id)}>
                {parent.language === language ? parent.name : `${parent.name} (${languageName(parent.language)})`}
              </option>
            ))}
          </select>
        </FormField>
      </form>
    </Modal>
  );
}
