import { afterEach, vi } from 'vitest';

export interface TestClock {
  /** Moves the app's time forward; it then stands still until the next move or the end of the test. */
  advance(ms: number): void;
}

/**
 * The clock the app reads, in a test's hands: every moment the server stores or compares comes from Date (clock.ts's
 * nowIso, and the few Date.now() that measure an age), so a test moves Date past a moment instead of sleeping until
 * it passes. Only Date: timers, sockets and the databases keep real time. Each test starts from the real time again.
 */
export function useTestClock(): TestClock {
  afterEach(() => {
    vi.useRealTimers();
  });
  return {
    advance(ms) {
      vi.setSystemTime(Date.now() + ms);
    },
  };
}
