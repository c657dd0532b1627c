import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { useCanEdit } from '../../lib/session';
import { PageHeader } from '../ui/page-header';
import { QueryStatus } from './query-status';
import { SearchInput } from '../ui/search-input';

/** What a list screen says: its title, subtitle, noun ("posts"), columns and create action. */
export type ListScreenText = Pick<ListScreenProps<unknown>, 'title' | 'subtitle' | 'noun' | 'columns' | 'create'>;

interface ListScreenProps<T> {
  title: string;
  subtitle: string;
  /** The create link (`to`) or button (`onClick`), shown only to those who may edit ('Add New Post'). */
  create?: { label: string; to?: string; onClick?: () => void };
  /** The search box's text, from useListSearch. */
  search: ListSearch;
  /** Filter selects beside the search box. */
  filters?: ReactNode;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** "posts", "categories"...: names the search box, the loading label, the error and the empty sentence. */
  noun: string;
  /** The items that pass the search and filters; none shows 'No {noun} found.'. */
  items: readonly T[];
  /** One item's row (or card). */
  renderItem: (item: T) => ReactNode;
  /** The headings of the table's columns, when the list is a table; an 'Actions' column is pinned last. */
  columns?: string[];
  /** False when the rows have no actions for this user (a plain user's categories). */
  actions?: boolean;
  /** Wraps the items when the list is not a table (a grid of cards). */
  wrap?: (items: ReactNode) => ReactNode;
  /** Under the table, inside the card (a "Show more" bar). */
  footer?: ReactNode;
  /** Under the card (the Pages list's public URL note). */
  after?: ReactNode;
}

/**
 * The one shape of a list screen: the header with its create action, a card with the search box and filters, and
 * the table (or grid) behind the loading / error / empty switch. Screens give their columns and rows only.
 */
export function ListScreen<T>({
  title,
  subtitle,
  create,
  search,
  filters,
  query,
  noun,
  items,
  renderItem,
  columns,
  actions = true,
  wrap,
  footer,
  after,
}: ListScreenProps<T>) {
  const canEdit = useCanEdit();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={create && canEdit && <CreateAction {...create} />} />
      <div className="card">
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">
          <SearchInput
            value={search.value}
            onChange={search.setValue}
            placeholder={`Search ${noun}...`}
            label={`Search ${noun}`}
            className="min-w-60 flex-1"
          />
          {filters}
        </div>
        <QueryStatus
          query={query}
          loadingLabel={`Loading ${noun}`}
          errorMessage={`The ${noun} could not be loaded.`}
          emptyMessage={`No ${noun} found.`}
          isEmpty={items.length === 0}
        >
          {columns ? (
            <>
              <div className="overflow-x-auto">
                <table
                  className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm"
                  aria-busy={search.value !== search.deferred}
                >
                  <thead className="table-head">
                    <tr>
                      {columns.map((label) => (
                        <th key={label} scope="col" className="px-6 py-3">
                          {label}
                        </th>
                      ))}
                      {actions && (
                        <th scope="col" className="table-actions px-6 py-3 text-right">
                          Actions
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">{items.map(renderItem)}</tbody>
                </table>
              </div>
              {footer}
            </>
          ) : (
            (wrap ?? ((content) => content))(items.map(renderItem))
          )}
        </QueryStatus>
      </div>
      {after}
    </>
  );
}

function CreateAction({ label, to, onClick }: { label: string; to?: string; onClick?: () => void }) {
  const content = (
    <>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {label}
    </>
  );
  return to ? (
    <Link to={to} className="btn-primary">
      {content}
    </Link>
  ) : (
    <button type="button" className="btn-primary" onClick={onClick}>
      {content}
    </button>
  );
}

/** A list's search text: what the box shows at once, and the deferred value the table filters on. */
export interface ListSearch {
  value: string;
  setValue: (value: string) => void;
  /** Trails `value` as a low-priority render, so typing stays instant at 10,000 rows. */
  deferred: string;
}

export function useListSearch(): ListSearch {
  const [value, setValue] = useState('');
  const deferred = useDeferredValue(value);
  return { value, setValue, deferred };
}
