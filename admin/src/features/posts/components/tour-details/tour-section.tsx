import { useEffect, useState, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';

/**
 * One section of Tour details: a native disclosure (keyboard and screen readers know it), closed until staff open
 * it, with what it holds in its summary ("3 days"); it opens by itself when a save finds a problem inside.
 */
export function TourSection({
  title,
  summary,
  hasProblem,
  children,
}: {
  title: string;
  summary: string;
  hasProblem: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(hasProblem);
  useEffect(() => {
    if (hasProblem) setOpen(true);
  }, [hasProblem]);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-lg border border-slate-200 bg-white"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-90" aria-hidden="true" />
        <span className="font-medium text-slate-900">{title}</span>
        <span className={`ml-auto text-sm ${hasProblem ? 'font-medium text-red-700' : 'text-slate-500'}`}>
          {hasProblem ? 'Needs attention' : summary}
        </span>
      </summary>
      <div className="space-y-4 border-t border-slate-200 p-4">{children}</div>
    </details>
  );
}

/** "1 day", "3 days", "None yet". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return count === 0 ? 'None yet' : `${count} ${count === 1 ? singular : plural}`;
}
