import { Link } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';

/**
 * A row's Edit and Delete icons for editors: Edit is a link (`to`) or a button (`onEdit`, for lists edited in a
 * modal); both are named for the row ('Edit Sunset Cruise'), since an icon alone says nothing to a screen reader.
 */
export function EditDeleteActions({
  name,
  to,
  onEdit,
  onDelete,
}: {
  name: string;
  to?: string;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const pencil = <Pencil className="h-4 w-4" aria-hidden="true" />;
  return (
    <>
      {to ? (
        <Link to={to} className="icon-btn" aria-label={`Edit ${name}`}>
          {pencil}
        </Link>
      ) : (
        onEdit && (
          <button type="button" className="icon-btn" onClick={onEdit} aria-label={`Edit ${name}`}>
            {pencil}
          </button>
        )
      )}
      {onDelete && (
        <button type="button" className="icon-btn hover:text-red-600" onClick={onDelete} aria-label={`Delete ${name}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </>
  );
}
