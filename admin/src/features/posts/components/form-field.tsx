import type { ReactNode } from 'react';

/** A label, its control, and a hint or the field's error underneath. */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes that tie a control to its FormField's error. */
export function fieldA11y(id: string, error: string | undefined) {
  return { 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined };
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${title.replace(/\W+/g, '-').toLowerCase()}-heading`}>
      <h2 id={`${title.replace(/\W+/g, '-').toLowerCase()}-heading`} className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="space-y-4 p-5">{children}</div>
    </section>
  );
}
