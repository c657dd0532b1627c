/**
 * Beside an editor's save buttons: "Unsaved changes" while the values differ from what is saved, "Saved at 14:32"
 * after a save; announced politely to screen readers as it changes.
 */
export function SaveStatus({ isDirty, lastSavedAt }: { isDirty: boolean; lastSavedAt: Date | null }) {
  const text = isDirty
    ? 'Unsaved changes'
    : lastSavedAt
      ? `Saved at ${lastSavedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
      : '';
  return (
    <p aria-live="polite" className={`text-sm ${isDirty ? 'text-amber-700' : 'text-green-700'}`}>
      {text}
    </p>
  );
}
