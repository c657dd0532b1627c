import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useNavigate } from 'react-router';
import { renderRoutes } from '../../test/render';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesGuard } from './unsaved-changes';

/** A form whose 'Save' clears the guard and navigates at once, as the app's forms do after a save. */
function NoteForm() {
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState('');
  const markClean = useUnsavedChangesGuard(note !== saved);
  const navigate = useNavigate();
  return (
    <>
      <label>
        Note
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button
        type="button"
        onClick={() => {
          setSaved(note);
          markClean();
          navigate('/list');
        }}
      >
        Save
      </button>
      <Link to="/list">Back</Link>
    </>
  );
}

function setup() {
  return renderRoutes(
    [
      { path: '/form', element: <NoteForm /> },
      { path: '/list', element: <p>The list</p> },
    ],
    '/form',
  );
}

const dispatchBeforeUnload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking, and leaves reloads alone', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    expect(dispatchBeforeUnload().defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
  });

  it('asks before leaving a dirty form: Cancel stays with the edits, Leave goes', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.type(screen.getByLabelText('Note'), 'Half written');
    expect(dispatchBeforeUnload().defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Note')).toHaveValue('Half written');

    await user.click(screen.getByRole('link', { name: 'Back' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
  });

  it('asks again when leaving is tried again before the Cancel is drawn', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.type(screen.getByLabelText('Note'), 'Half written');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('alertdialog');
    // Cancel, then at once (in the same render: a quick second click on a link) another try to leave.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      void router.navigate('/list');
    });
    const again = await screen.findByRole('alertdialog');
    expect(again).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    expect(router.state.location.pathname).toBe('/form');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Note')).toHaveValue('Half written');
  });

  it('lets a just-saved form navigate without asking, and drops the reload prompt', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.type(screen.getByLabelText('Note'), 'Done');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
    expect(dispatchBeforeUnload().defaultPrevented).toBe(false);
  });
});
