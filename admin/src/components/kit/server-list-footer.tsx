/** What a server-paged list's footer reads: what useServerList answers. */
interface ServerListState {
  data?: unknown;
  items: readonly unknown[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Under a list paged on the server (issue 26): "Showing 50 of 100,000 {noun}" and a "Show more" button while the
 * server has more. Nothing until the first page has come.
 */
export function ServerListFooter({ list, noun }: { list: ServerListState; noun: string }) {
  if (!list.data) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-3 text-sm text-slate-600">
      <p>
        Showing {list.items.length.toLocaleString()} of {list.total.toLocaleString()} {noun}
      </p>
      {list.hasNextPage && (
        <button
          type="button"
          className="btn-secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show more
        </button>
      )}
    </div>
  );
}
