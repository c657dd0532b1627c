import { lazy, Suspense, type ComponentProps } from 'react';
import './prose.css';

// Tiptap is big; it loads with the post form only, never with the list or the dashboard.
const ProseEditor = lazy(() => import('./prose-editor'));

/** The post editor's rich text editor (the body, an itinerary day, an FAQ's answer), loaded on first use. */
export function LazyProseEditor(props: ComponentProps<typeof ProseEditor>) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="flex items-center justify-center rounded-lg border border-slate-300 text-sm text-slate-500"
          style={{ minHeight: (props.minHeight ?? 400) + 40 }}
        >
          Loading editor...
        </div>
      }
    >
      <ProseEditor {...props} />
    </Suspense>
  );
}
