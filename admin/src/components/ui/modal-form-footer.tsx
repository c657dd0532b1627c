/** A form modal's footer: Cancel, then the submit button of the form `formId`, which reads 'Saving...' while it saves. */
export function ModalFormFooter({
  formId,
  submitLabel,
  pending,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className="btn-primary" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </button>
    </>
  );
}
