import { Search } from 'lucide-react';

/** A labelled search box (the label is visually hidden; the placeholder is the spec's text). */
export function SearchInput({
  value,
  onChange,
  placeholder,
  label = 'Search',
  className = '',
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label?: string;
  className?: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="input pl-9"
      />
    </div>
  );
}
