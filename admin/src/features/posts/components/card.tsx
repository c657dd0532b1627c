import type { ReactNode } from 'react';

/** A titled card of the post form's columns, named by its heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${title.replace(/\W+/g, '-').toLowerCase()}-heading`}>
      <h2
        id={`${title.replace(/\W+/g, '-').toLowerCase()}-heading`}
        className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900"
      >
        {title}
      </h2>
      <div className="space-y-4 p-5">{children}</div>
    </section>
  );
}
