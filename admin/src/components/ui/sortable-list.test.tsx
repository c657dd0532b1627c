import { useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SortableList, useListKeys } from './sortable-list';

function Stops({ initial }: { initial: string[] }) {
  const [stops, setStops] = useState(initial);
  const [draft, setDraft] = useState<string[]>([]);
  const keys = useListKeys(stops.length);
  return (
    <>
      <SortableList
        label="Stops"
        items={stops}
        keys={keys.keys}
        nameOf={(stop, index) => `Stop ${index + 1}, ${stop}`}
        onMove={(from, to) => {
          keys.moved(from, to);
          setStops((list) => arrayMove(list, from, to));
        }}
        renderItem={(stop, index, controls) => (
          <div>
            {controls}
            <label>
              Name of stop {index + 1}
              <input
                value={draft[index] ?? stop}
                onChange={(event) => setDraft((d) => Object.assign([...d], { [index]: event.target.value }))}
              />
            </label>
          </div>
        )}
      />
      <button type="button" onClick={() => setStops((list) => [...list, 'Porto'])}>
        Add a stop
      </button>
    </>
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'Stops' }))
    .getAllByRole('listitem')
    .map((item) => (within(item).getByRole('textbox') as HTMLInputElement).value);

describe('SortableList', () => {
  it('moves an entry with its buttons, says so, and keeps the focus on the button that moved it', async () => {
    const user = userEvent.setup();
    render(<Stops initial={['Lisbon', 'Sintra', 'Cascais']} />);
    const down = screen.getByRole('button', { name: 'Move Stop 1, Lisbon down' });
    await user.click(down);
    expect(names()).toEqual(['Sintra', 'Lisbon', 'Cascais']);
    // (dnd-kit keeps a live region of its own for drags: ours speaks for the buttons.)
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      'Stop 2, Lisbon moved to position 2 of 3.',
    );
    // The same button, now of the second entry, still has the focus: pressing Enter moves it on.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Stop 2, Lisbon down' }));
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Sintra', 'Cascais', 'Lisbon']);
  });

  it('marks the moves past either end unavailable and ignores them', async () => {
    const user = userEvent.setup();
    render(<Stops initial={['Lisbon', 'Sintra']} />);
    const up = screen.getByRole('button', { name: 'Move Stop 1, Lisbon up' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.click(up);
    await user.click(screen.getByRole('button', { name: 'Move Stop 2, Sintra down' }));
    expect(names()).toEqual(['Lisbon', 'Sintra']);
  });

  it('gives each entry a drag handle named after it, and keys new entries without disturbing the others', async () => {
    const user = userEvent.setup();
    render(<Stops initial={['Lisbon']} />);
    await user.type(screen.getByRole('textbox', { name: 'Name of stop 1' }), ' centre');
    await user.click(screen.getByRole('button', { name: 'Add a stop' }));
    expect(names()).toEqual(['Lisbon centre', 'Porto']);
    expect(screen.getByRole('button', { name: 'Drag Stop 2, Porto' })).toBeInTheDocument();
  });
});
