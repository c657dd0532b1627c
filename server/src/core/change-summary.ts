/**
 * The activity log's "what changed" line: the labels of the fields that differ between two versions of an item,
 * and a status as "draft → published". Values are compared as JSON, so lists (a post's tags) compare by content.
 */
export function describeChanges<T extends object>(
  before: T,
  after: Partial<T>,
  labels: Partial<Record<keyof T, string>>,
): string {
  const changed = changedKeys(before, after, labels).map((name) => {
    const key = name as keyof T;
    const label = labels[key]!;
    return key === 'status' || key === 'role' ? `${label} ${String(before[key])} → ${String(after[key])}` : label;
  });
  return changed.length ? `Changed ${joinList(changed)}` : 'Saved without changes';
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * What a save of an item with a status did, for the log: `publish` when it became published, `status` when
 * nothing but its status changed, else `update`.
 */
export function saveAction(
  beforeStatus: string,
  afterStatus: string,
  changedKeys: readonly string[],
): 'publish' | 'status' | 'update' {
  if (afterStatus === 'published' && beforeStatus !== 'published') return 'publish';
  if (beforeStatus !== afterStatus && changedKeys.every((key) => key === 'status' || key === 'publish_at'))
    return 'status';
  return 'update';
}

/** The keys of `labels` whose values differ between the two versions. */
export function changedKeys<T extends object>(
  before: T,
  after: Partial<T>,
  labels: Partial<Record<keyof T, string>>,
): string[] {
  return (Object.keys(labels) as (keyof T)[])
    .filter((key) => key in after && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map(String);
}
