import type { ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import { EmptyState, ErrorState } from '../ui/states';

/** What QueryStatus needs of a TanStack Query result. */
interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A list's loading / error / empty / content switch: the spinner while the query loads, the error with
 * 'Try again' when it failed, the empty sentence when `isEmpty`, else the children. `boxed` puts the error and
 * empty states in a card, for lists that are a grid of cards rather than a table inside one.
 */
export function QueryStatus({
  query,
  loadingLabel,
  errorMessage,
  emptyMessage,
  isEmpty,
  boxed = false,
  children,
}: {
  query: QueryLike;
  loadingLabel: string;
  errorMessage: string;
  emptyMessage: string;
  isEmpty: boolean;
  boxed?: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  const box = (state: ReactNode) => (boxed ? <div className="card">{state}</div> : state);
  if (query.isError) return box(<ErrorState message={errorMessage} onRetry={() => query.refetch()} />);
  if (isEmpty) return box(<EmptyState message={emptyMessage} />);
  return children;
}
