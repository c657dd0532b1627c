import { useEffect, useRef } from 'react';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): to copy, download or print, and a
 * button to say they are kept somewhere safe.
 */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="mt-4 space-y-4">
      <h3 ref={heading} tabIndex={-1} className="font-medium text-slate-900">
        Your recovery codes
      </h3>
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager: they
        are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a
          className="btn-secondary"
          download="recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download codes
        </a>
        <button type="button" className="btn-primary" onClick={onDone}>
          I have saved my recovery codes
        </button>
      </div>
    </div>
  );
}
