import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider, useNotify } from './notify';

function Sender() {
  const notify = useNotify();
  return (
    <>
      <button type="button" onClick={() => notify.error('Error creating post. Please try again.')}>
        Fail
      </button>
      <button type="button" onClick={() => notify.success('Post saved')}>
        Succeed
      </button>
    </>
  );
}

describe('NotifyProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces an error as an alert and a success as a status, each gone after its time', () => {
    render(
      <NotifyProvider>
        <Sender />
      </NotifyProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Fail' }).click());
    act(() => screen.getByRole('button', { name: 'Succeed' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Error creating post. Please try again.');
    expect(screen.getByRole('status')).toHaveTextContent('Post saved');
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves no timer behind when the app goes away with notices still showing', () => {
    const { unmount } = render(
      <NotifyProvider>
        <Sender />
      </NotifyProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Fail' }).click());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
