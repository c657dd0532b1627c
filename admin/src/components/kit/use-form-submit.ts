import { useCallback, useState } from 'react';
import { fieldNameOf, type FieldError } from '@tours-cms/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useNotify } from '../ui/notify';

export interface FormSubmitOptions<TInput> {
  /** Checked before sending: its problems show on the fields at once, and nothing is sent. */
  schema?: z.ZodType;
  /** A check the schema cannot express; what it answers is shown (on the fields, or in the box) and nothing is sent. */
  check?: (input: TInput) => { fieldErrors?: FieldError[]; formError?: string } | null;
  /** The save itself (a mutation's mutateAsync). */
  send: (input: TInput) => Promise<unknown>;
  /** The notice once it is saved ('Module created.'); null when the caller gives its own. */
  successNotice: string | null;
  /** The form's failure alert, word for word ('Error saving module. Please try again.'); null for none. */
  failureNotice: string | null;
  /**
   * The text of the form's error box after a failure. By default the server's detail when it named no field
   * (the fields carry the rest); the component builder always shows its box, as its screen asks.
   */
  describeFailure?: (error: unknown) => string | null;
  /** After the notice: close the modal, go back to the list. */
  onSuccess?: () => void;
  /** After a refused save, with the error (a version conflict offers its own choices). */
  onFailure?: (error: unknown) => void;
}

export interface FormSubmit<TInput> {
  /** Validates (when a schema is given), sends, and answers whether it was saved. */
  submit: (input: TInput) => Promise<boolean>;
  isPending: boolean;
  fieldErrors: FieldError[];
  /** The message of one field, for FormField's `error`. */
  errorFor: (field: string) => string | undefined;
  /** The server's reason when it named no field (a 403, a 409 about the whole item), for FormErrorBox. */
  formError: string | null;
  /** Takes back the errors of fields the user has just changed. */
  clearFieldErrors: (fields: string[]) => void;
}

/**
 * The one way every form saves: field errors on their fields (from the schema before sending, or the server's
 * 422 after), the server's detail in the form's error box when it names no field, the form's own failure alert
 * as a notice, and a success notice. A second submit while one is in flight is ignored.
 */
function serverDetail(error: unknown): string | null {
  return error instanceof ApiError && error.errors.length === 0 ? error.detail || null : null;
}

export function useFormSubmit<TInput>({
  schema,
  check,
  send,
  successNotice,
  failureNotice,
  describeFailure = serverDetail,
  onSuccess,
  onFailure,
}: FormSubmitOptions<TInput>): FormSubmit<TInput> {
  const notify = useNotify();
  const [isPending, setIsPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (input: TInput): Promise<boolean> => {
    if (isPending) return false;
    setFormError(null);
    if (schema) {
      const checked = schema.safeParse(input);
      if (!checked.success) {
        setFieldErrors(
          checked.error.issues.map((issue) => ({ field: fieldNameOf(issue.path) || 'form', message: issue.message })),
        );
        return false;
      }
    }
    const problems = check?.(input);
    if (problems && (problems.formError || problems.fieldErrors?.length)) {
      setFieldErrors(problems.fieldErrors ?? []);
      setFormError(problems.formError ?? null);
      return false;
    }
    setFieldErrors([]);
    setIsPending(true);
    try {
      await send(input);
      if (successNotice) notify.success(successNotice);
      onSuccess?.();
      return true;
    } catch (error) {
      console.error(error);
      if (failureNotice) notify.error(failureNotice);
      if (error instanceof ApiError) setFieldErrors(error.errors);
      setFormError(describeFailure(error));
      onFailure?.(error);
      return false;
    } finally {
      setIsPending(false);
    }
  };

  const errorFor = useCallback(
    (field: string) => fieldErrors.find((error) => error.field === field)?.message,
    [fieldErrors],
  );
  const clearFieldErrors = useCallback(
    (fields: string[]) => setFieldErrors((errors) => errors.filter((error) => !fields.includes(error.field))),
    [],
  );
  return { submit, isPending, fieldErrors, errorFor, formError, clearFieldErrors };
}
