import { Link, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { ContentFrame } from '../../components/content-frame/content-frame';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useComponent } from './api/get-component';

/** The Component viewer: the component alone, full screen, in a sandboxed frame; by id or slug. */
export function ComponentViewerPage() {
  const { id } = useParams();
  const { data: component, isPending, isError } = useComponent(id);

  useDocumentTitle(component?.name ?? (isError ? 'Component not found' : undefined));

  if (isPending) return <FullPageSpinner label="Loading component" />;
  if (isError) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center">
        <h1 className="text-4xl font-bold text-slate-900">404 - Not Found</h1>
        <p className="text-slate-600">Component not found</p>
        <Link to="/admin/commoncomp" className="btn-primary mt-2">
          Back to Component Manager
        </Link>
      </main>
    );
  }
  return <ContentFrame html={component.content} title={component.name} className="h-screen" />;
}
