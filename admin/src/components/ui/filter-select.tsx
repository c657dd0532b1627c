/** A list's filter drop-down: 'All ...' then one option per value, named for screen readers by a hidden label. */
export function FilterSelect<T extends string>({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} className="input w-44" value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** The status filters of the posts and pages lists: 'All Status', then Published, Draft, Pending. */
export const CONTENT_STATUS_FILTERS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Pending' },
] as const;

/** A list's 'Filter by status' drop-down with 'All Status' first. */
export function StatusFilter<T extends string>(props: {
  id: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return <FilterSelect label="Filter by status" allLabel="All Status" {...props} />;
}

/**
 * A server-sorted list's sort drop-down: its default order first (`defaultLabel`, 'Newest first'), then the others.
 * `value` and `onChange` speak in sorts; the default one reads as the first option.
 */
export function SortSelect<T extends string>({
  defaultSort,
  defaultLabel,
  value,
  onChange,
  ...props
}: {
  id: string;
  label: string;
  defaultSort: T;
  defaultLabel: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <FilterSelect
      {...props}
      allLabel={defaultLabel}
      value={value === defaultSort ? '' : value}
      onChange={(chosen) => onChange(chosen || defaultSort)}
    />
  );
}
