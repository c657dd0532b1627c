import type { ReactNode } from 'react';

/**
 * A labelled form field: the label (with a red asterisk when required, hidden from screen readers so the control
 * is announced by its name alone), the control, then the field's error or else its hint. Give the control
 * `id` and spread `fieldA11y(id, error)` on it so its error is announced with it.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && (
          <>
            {' '}
            <span className="text-red-600" aria-hidden="true">
              *
            </span>
          </>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A field's error message under its control, or nothing; `id` is what the control's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/** The aria attributes that tie a control to its FormField's error, or else to its hint when it has one. */
export function fieldA11y(id: string, error: string | undefined, hasHint = false) {
  return { 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined };
}

/** The server's reason for refusing a form when it names no field, at the top of the form. */
export function FormErrorBox({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 ${className}`.trim()}
    >
      {message}
    </p>
  ) : null;
}
