import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { StyleCheck } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';

/** How long typing must pause before the server is asked again. */
const CHECK_AFTER_MS = 800;

export const checkStyleBlocks = (html: string) =>
  apiFetch<StyleCheck>('/site-styles/check', { method: 'POST', body: { html } });

/**
 * "This style block was not applied: …": what the site does with the content's `<style type="text/tailwindcss">`
 * blocks, asked of the server (the same limits and compiler as the site) once typing pauses. Nothing is shown, and
 * nothing asked, for content without such blocks or whose blocks apply.
 */
export function StyleBlockNotice({ html }: { html: string }) {
  const [settled, setSettled] = useState(html);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(html), CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [html]);
  const hasBlocks = settled.toLowerCase().includes('text/tailwindcss');
  const { data } = useQuery({
    queryKey: ['style-check', settled],
    queryFn: () => checkStyleBlocks(settled),
    enabled: hasBlocks,
    staleTime: Infinity,
    retry: false,
  });
  if (!hasBlocks || !data?.problem) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>{data.problem}</p>
    </div>
  );
}
