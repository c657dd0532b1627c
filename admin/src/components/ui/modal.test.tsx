import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';
import { ConfirmProvider, useConfirm } from './confirm-dialog';
import { NotifyProvider, useNotify } from './notify';

function FormInModal() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add item
      </button>
      <Modal open={open} title="Add item" onClose={() => setOpen(false)}>
        <label htmlFor="item-name">Name</label>
        <input id="item-name" data-autofocus />
      </Modal>
    </>
  );
}

function DeleteButton() {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => void confirm({ message: 'Are you sure you want to delete this post?' })}>
      Delete post
    </button>
  );
}

function FailingSaveModal() {
  const notify = useNotify();
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} title="Add New Tag" onClose={() => setOpen(false)}>
      <button type="button" onClick={() => notify.error('Error saving tag. Please try again.')}>
        Save
      </button>
    </Modal>
  );
}

describe('Modal', () => {
  it('starts on the control marked data-autofocus, not on the Close button, and gives focus back when closed', async () => {
    const user = userEvent.setup();
    render(<FormInModal />);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add item' })).toHaveFocus();
  });

  it('opens a confirmation on Cancel, so a stray Enter never deletes', async () => {
    const user = userEvent.setup();
    render(
      <NotifyProvider>
        <ConfirmProvider>
          <DeleteButton />
        </ConfirmProvider>
      </NotifyProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Are you sure you want to delete this post?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('shows notices raised while it is open inside the dialog (the page behind is inert), and outside once it closes', async () => {
    const user = userEvent.setup();
    render(
      <NotifyProvider>
        <FailingSaveModal />
      </NotifyProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add New Tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Error saving tag. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error saving tag. Please try again.');
    expect(alert.closest('dialog')).toBeNull();
  });
});
