import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { COPIED_INDICATOR_MS } from '@tours-cms/contract';
import { copyText } from '../../../components/editors/code-editor/copy-text';
import { useNotify } from '../../../components/ui/notify';

/** Copies a page's public URL; 'Copied!' shows for 2 seconds, with the legacy copy as a fallback. */
export function CopyUrlButton({ url, label }: { url: string; label: string }) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(url))) {
      notify.error('Could not copy to the clipboard.');
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  };

  return (
    <button
      type="button"
      onClick={copy}
      className="btn-ghost px-1.5 py-0.5 text-xs"
      aria-label={label}
      title="Copy URL"
    >
      {copied ? (
        <>
          <Check className="h-3.5 w-3.5 text-green-600" aria-hidden="true" />
          <span className="text-green-700" role="status">
            Copied!
          </span>
        </>
      ) : (
        <Copy className="h-3.5 w-3.5" aria-hidden="true" />
      )}
    </button>
  );
}
