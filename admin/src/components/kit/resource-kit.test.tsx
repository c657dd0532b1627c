import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useCanEdit } from '../../lib/session';
import { renderSignedIn } from '../../test/render';
import { PageHeader } from '../ui/page-header';
import { SegmentedControl } from '../ui/segmented-control';
import { useConfirmedDelete } from './use-confirmed-delete';
import { useFormSubmit } from './use-form-submit';
import { FormErrorBox, FormField, fieldA11y } from '../ui/form-field';

function DeleteButton({ remove }: { remove: (name: string) => Promise<unknown> }) {
  const handleDelete = useConfirmedDelete('item', remove, {
    confirmMessage: (name: string) => `Are you sure you want to delete "${name}"?`,
  });
  return (
    <>
      <PageHeader title="Things" />
      <button type="button" onClick={() => void handleDelete('Boat tour')}>
        Delete Boat tour
      </button>
    </>
  );
}

describe('useConfirmedDelete', () => {
  it('asks first, deletes, moves the focus to the title and says it is done', async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    renderSignedIn(<DeleteButton remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Boat tour' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Boat tour"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Item deleted.');
    expect(remove).toHaveBeenCalledWith('Boat tour', false);
    expect(screen.getByRole('heading', { name: 'Things' })).toHaveFocus();
  });

  it('does nothing when the question is declined', async () => {
    const remove = vi.fn();
    renderSignedIn(<DeleteButton remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Boat tour' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the delete fails, else the fallback", async () => {
    const remove = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'This tour is booked and cannot be deleted'))
      .mockRejectedValueOnce(new ApiError(0, ''));
    renderSignedIn(<DeleteButton remove={remove} />);
    for (const expected of [
      'This tour is booked and cannot be deleted',
      'The item could not be deleted. Please try again.',
    ]) {
      await userEvent.click(screen.getByRole('button', { name: 'Delete Boat tour' }));
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(expected)).toBeInTheDocument();
    }
  });
});

const nameSchema = z.object({ name: z.string().min(1, 'Name is required') });

function NameForm({ send }: { send: (input: { name: string }) => Promise<unknown> }) {
  const [name, setName] = useState('');
  const { submit, isPending, errorFor, formError } = useFormSubmit({
    schema: nameSchema,
    send,
    successNotice: 'Saved.',
    failureNotice: 'Error saving thing. Please try again.',
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ name });
      }}
    >
      <FormErrorBox message={formError} />
      <FormField id="name" label="Name" error={errorFor('name')}>
        <input
          id="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...fieldA11y('name', errorFor('name'))}
        />
      </FormField>
      <button type="submit" disabled={isPending}>
        Save
      </button>
    </form>
  );
}

describe('useFormSubmit', () => {
  it('checks the schema before sending and puts its message on the field', async () => {
    const send = vi.fn();
    renderSignedIn(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the form's alert and the server's field errors on their fields", async () => {
    const send = vi
      .fn()
      .mockRejectedValue(
        new ApiError(409, 'A thing with this name exists', [{ field: 'name', message: 'This name is taken' }]),
      );
    renderSignedIn(<NameForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Boat');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving thing. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This name is taken');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's detail in the form's box when it names no field", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(403, 'You do not have permission to do this'));
    renderSignedIn(<NameForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Boat');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining(['Error saving thing. Please try again.', 'You do not have permission to do this']),
    );
  });

  it('sends once and says it is saved', async () => {
    const send = vi.fn().mockResolvedValue({});
    renderSignedIn(<NameForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Boat');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(send).toHaveBeenCalledExactlyOnceWith({ name: 'Boat' });
  });
});

describe('SegmentedControl', () => {
  function Modes() {
    const [mode, setMode] = useState<'code' | 'preview' | 'split'>('code');
    return (
      <SegmentedControl
        label="View mode"
        options={[
          { value: 'code', label: 'Code' },
          { value: 'preview', label: 'Preview' },
          { value: 'split', label: 'Split' },
        ]}
        value={mode}
        onChange={setMode}
      />
    );
  }

  it('is a labelled group of toggle buttons, one pressed, reachable and switched by keyboard', async () => {
    renderSignedIn(<Modes />);
    const group = screen.getByRole('group', { name: 'View mode' });
    expect(within(group).getByRole('button', { name: 'Code' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.tab();
    await userEvent.tab();
    expect(within(group).getByRole('button', { name: 'Preview' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(group).getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Code' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('useCanEdit', () => {
  function Who() {
    return <p>{useCanEdit() ? 'can edit' : 'reads only'}</p>;
  }

  it.each([
    ['admin', 'can edit'],
    ['editor', 'can edit'],
    ['user', 'reads only'],
  ] as const)('answers for a %s: %s', (role, expected) => {
    renderSignedIn(<Who />, role);
    expect(screen.getByText(expected)).toBeInTheDocument();
  });
});
