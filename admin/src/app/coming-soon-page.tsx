import { Construction } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** An honest placeholder for a screen that is not built yet: nothing here pretends to work. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="card flex flex-col items-center gap-3 p-12 text-center text-slate-600">
        <Construction className="h-10 w-10 text-slate-400" aria-hidden="true" />
        <p>This screen is not available yet.</p>
      </div>
    </>
  );
}
