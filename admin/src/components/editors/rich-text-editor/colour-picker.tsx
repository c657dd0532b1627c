import { useEffect, useRef, useState } from 'react';
import { Baseline, ChevronDown } from 'lucide-react';
import { TEXT_COLOURS } from './colours';

/** The text colour button and its palette of 18 colours; Escape or a click outside closes it. */
export function ColourPicker({ onPick }: { onPick: (colour: string) => void }) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={boxRef} className="relative">
      <button
        type="button"
        className="icon-btn w-auto gap-0.5 px-1.5"
        aria-label="Text colour"
        title="Text colour"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
      >
        <Baseline className="h-4 w-4" aria-hidden="true" />
        <ChevronDown className="h-3 w-3" aria-hidden="true" />
      </button>
      {open && (
        <div
          role="group"
          aria-label="Text colours"
          className="absolute left-0 top-full z-20 mt-1 grid w-52 grid-cols-6 gap-1.5 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          {TEXT_COLOURS.map(({ name, value }) => (
            <button
              key={value}
              type="button"
              aria-label={name}
              title={name}
              onClick={() => {
                onPick(value);
                setOpen(false);
              }}
              className="h-7 w-7 rounded border border-slate-300 hover:scale-110 focus-visible:scale-110"
              style={{ backgroundColor: value }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
