import { Link } from 'react-router';
import { useDocumentTitle } from '../components/ui/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="card mx-auto mt-16 max-w-md p-8 text-center">
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600">There is no admin screen at this address.</p>
      <Link to="/admin/dashboard" className="btn-primary mt-6">
        Go to the dashboard
      </Link>
    </div>
  );
}
