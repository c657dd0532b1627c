/** The end of a progressively rendered list: loads the next page when scrolled near, or when pressed. */
export function ShowMore({
  remaining,
  onShowMore,
  sentinelRef,
}: {
  remaining: number;
  onShowMore: () => void;
  sentinelRef: (node: Element | null) => void;
}) {
  if (remaining <= 0) return null;
  return (
    <div ref={sentinelRef} className="mt-4 flex justify-center">
      <button type="button" className="btn-secondary" onClick={onShowMore}>
        Show more ({remaining} more {remaining === 1 ? 'file' : 'files'})
      </button>
    </div>
  );
}
