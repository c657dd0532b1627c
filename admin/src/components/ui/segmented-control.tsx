import type { ComponentType, SVGProps } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * A row of toggle buttons of which one is on: the editors' and the builder's view modes, the preview widths.
 * A labelled group of buttons with aria-pressed, each reachable by Tab and drawn with the focus ring, so a
 * screen reader says "Code, toggle button, pressed".
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  size = 'sm',
}: {
  /** The group's accessible name ('View mode'). */
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-lg border border-slate-300">
      {options.map(({ value: option, label: text, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`inline-flex items-center gap-1.5 px-3 text-sm font-medium focus-visible:relative focus-visible:z-10 ${size === 'md' ? 'py-1.5' : 'py-1'} ${
            value === option ? 'bg-blue-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-100'
          }`}
        >
          {Icon && <Icon className="h-4 w-4" aria-hidden="true" />}
          {text}
        </button>
      ))}
    </div>
  );
}
