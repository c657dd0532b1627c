import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('throttles a key after its failures and frees it once they age out of the window', () => {
    let now = 0;
    const throttle = new LoginThrottle(2, 60_000, () => now);
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(60);
    now = 60_001;
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });

  // Review finding: past 10,000 keys, every failure scanned the whole map, so an attacker's fresh keys made each
  // failure cost that much. A failure now touches its own key only; `prune` (on a timer) drops stale keys.
  it('leaves other keys alone on a failure, and prune drops only the keys with nothing left in the window', () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 1_000, () => now);
    for (let n = 0; n < 20_000; n++) throttle.recordFailure(`old:${n}`);
    now = 5_000;
    throttle.recordFailure('fresh');
    expect(throttle.size).toBe(20_001);
    throttle.prune();
    expect(throttle.size).toBe(1);
    expect(throttle.retryAfterSeconds('fresh')).toBe(0);
  });
});
