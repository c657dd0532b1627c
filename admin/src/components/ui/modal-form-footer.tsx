/**
 * A form modal's footer: Cancel, then the submit button of the form `formId`, which reads 'Saving...' while it
 * saves and is disabled then, or while the form is not ready (`disabled`: an insert dialog with nothing chosen).
 */
export function ModalFormFooter({
  formId,
  submitLabel,
  pending = false,
  disabled = false,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  pending?: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className="btn-primary" disabled={pending || disabled}>
        {pending ? 'Saving...' : submitLabel}
      </button>
    </>
  );
}
