import { useState, type FormEvent, type ReactNode } from 'react';
import { faqInputSchema, type FaqInput, type FaqListItem } from '@tours-cms/contract';
import { FormErrorBox, FormField, FieldError, fieldA11y } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { ModalFormFooter } from '../../components/ui/modal-form-footer';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { LazyProseEditor } from '../../components/editors/prose-editor/lazy-prose-editor';
import { useSaveFaq } from './api/faqs';
import { DiscardGuardContext, useDiscardGuard } from '../../components/content/unsaved-changes';

/**
 * Add or edit an FAQ: a question, and its answer in the post editor's rich text. Its language switcher asks before
 * dropping unsaved edits.
 */
export function FaqFormModal({
  faq,
  onClose,
  languages,
}: {
  faq: FaqListItem | null;
  onClose: () => void;
  /** On a site in more than one language: the FAQ's language switcher, above the fields (issue 30). */
  languages?: ReactNode;
}) {
  const isEdit = faq !== null;
  const save = useSaveFaq();
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  // The answer's editor reports only what is typed (never its first rendering), so any report may be an edit.
  const [answerEdited, setAnswerEdited] = useState(false);
  const guard = useDiscardGuard(question !== (faq?.question ?? '') || (answerEdited && answer !== (faq?.answer ?? '')));
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: faqInputSchema,
    send: (input: FaqInput) => save.mutateAsync(isEdit ? { id: faq.id, input } : { input }),
    successNotice: `FAQ ${isEdit ? 'updated' : 'created'}.`,
    failureNotice: 'Error saving FAQ. Please try again.',
    onSuccess: onClose,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ question, answer });
  };

  return (
    <Modal
      open
      size="lg"
      title={isEdit ? 'Edit FAQ' : 'Add New FAQ'}
      onClose={onClose}
      footer={
        <ModalFormFooter
          formId="faq-form"
          submitLabel={isEdit ? 'Update FAQ' : 'Create FAQ'}
          pending={isPending}
          onCancel={onClose}
        />
      }
    >
      <DiscardGuardContext.Provider value={guard}>{languages}</DiscardGuardContext.Provider>
      <form id="faq-form" className="space-y-4" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} />
        {isEdit && faq.tour_count > 0 && (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {faq.tour_count === 1 ? 'One tour shows' : `${faq.tour_count} tours show`} this FAQ: a change here changes{' '}
            {faq.tour_count === 1 ? 'its page' : 'all their pages'}.
          </p>
        )}
        <FormField id="faq-question" label="Question" required error={errorFor('question')}>
          <input
            id="faq-question"
            className="input"
            required
            data-autofocus
            placeholder="e.g. What should I bring?"
            value={question}
            onChange={(event) => {
              setQuestion(event.target.value);
              clearFieldErrors(['question']);
            }}
            {...fieldA11y('faq-question', errorFor('question'))}
          />
        </FormField>
        <div>
          <span id="faq-answer-label" className="label">
            Answer{' '}
            <span className="text-red-600" aria-hidden="true">
              *
            </span>
          </span>
          <LazyProseEditor
            labelId="faq-answer-label"
            initialHtml={answer}
            minHeight={160}
            onChange={(html) => {
              setAnswer(html);
              setAnswerEdited(true);
              clearFieldErrors(['answer']);
            }}
          />
          <FieldError id="faq-answer-error" message={errorFor('answer')} />
        </div>
      </form>
    </Modal>
  );
}
