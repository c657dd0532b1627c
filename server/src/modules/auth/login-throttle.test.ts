import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, forEachDialect, type TestApp } from '../../test/test-app.js';
import { createDatabaseThrottle, MemoryThrottle, type Throttle } from './login-throttle.js';

type MakeThrottle = (max: number, windowMs: number, now: () => number) => Throttle;

/** What both throttles promise, whatever holds the counts. */
function throttleContract(make: () => MakeThrottle): void {
  it('throttles a key after its failures and frees it once they age out of the window', async () => {
    let now = 1_000_000;
    const throttle = make()(2, 60_000, () => now);
    expect(await throttle.attempt('a')).toBe(0);
    expect(await throttle.retryAfterSeconds('a')).toBe(0);
    expect(await throttle.attempt('a')).toBe(0);
    expect(await throttle.retryAfterSeconds('a')).toBe(60);
    now += 30_000;
    expect(await throttle.attempt('a')).toBe(30);
    now += 30_001;
    expect(await throttle.retryAfterSeconds('a')).toBe(0);
    expect(await throttle.attempt('a')).toBe(0);
  });

  it('counts an attempt for every key only when none of them is over its limit', async () => {
    const now = 1_000_000;
    const throttle = make()(1, 60_000, () => now);
    expect(await throttle.attempt('user:maya', 'addr:203.0.113.7')).toBe(0);
    // The address is spent: an attempt on another account from it counts nothing for that account.
    expect(await throttle.attempt('user:lee', 'addr:203.0.113.7')).toBe(60);
    expect(await throttle.retryAfterSeconds('user:lee')).toBe(0);
  });

  it('takes back a successful attempt, and resets a key', async () => {
    const now = 1_000_000;
    const throttle = make()(2, 60_000, () => now);
    await throttle.attempt('a');
    await throttle.attempt('a');
    await throttle.forgiveLatest('a');
    expect(await throttle.retryAfterSeconds('a')).toBe(0);
    await throttle.attempt('a');
    await throttle.reset('a');
    expect(await throttle.attempt('a')).toBe(0);
  });

  it('lets exactly the limit through when attempts arrive all at once', async () => {
    const throttle = make()(5, 60_000, Date.now);
    const answers = await Promise.all(Array.from({ length: 20 }, () => throttle.attempt('addr:198.51.100.9')));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5);
  });
}

describe('MemoryThrottle', () => {
  throttleContract(() => (max, windowMs, now) => new MemoryThrottle(max, windowMs, now));

  // Review finding: past 10,000 keys, every failure scanned the whole map, so an attacker's fresh keys made each
  // failure cost that much. A failure now touches its own key only; `prune` (on a timer) drops stale keys.
  it('leaves other keys alone on a failure, and prune drops only the keys with nothing left in the window', async () => {
    let now = 0;
    const throttle = new MemoryThrottle(3, 1_000, () => now);
    for (let n = 0; n < 20_000; n++) await throttle.attempt(`old:${n}`);
    now = 5_000;
    await throttle.attempt('fresh');
    expect(throttle.size).toBe(20_001);
    await throttle.prune();
    expect(throttle.size).toBe(1);
    expect(await throttle.retryAfterSeconds('fresh')).toBe(0);
  });
});

// The throttle PostgreSQL nodes share (also runs on SQLite, where the app keeps counting in memory).
forEachDialect('database throttle', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  throttleContract(() => (max, windowMs, now) => createDatabaseThrottle(t.app.ctx.db, 'test', max, windowMs, now));

  it('keeps scopes apart, and prune removes only the hits that aged out', async () => {
    let now = 1_000_000;
    const signIn = createDatabaseThrottle(t.app.ctx.db, 'sign-in', 1, 60_000, () => now);
    const registration = createDatabaseThrottle(t.app.ctx.db, 'registration', 1, 60_000, () => now);
    await signIn.attempt('addr:203.0.113.7');
    expect(await registration.attempt('addr:203.0.113.7')).toBe(0);
    now += 60_001;
    await signIn.attempt('addr:192.0.2.1');
    await signIn.prune();
    const left = await t.app.ctx.db.kysely.selectFrom('throttle_hits').select(['scope', 'key']).orderBy('id').execute();
    expect(left).toEqual([
      { scope: 'registration', key: 'addr:203.0.113.7' },
      { scope: 'sign-in', key: 'addr:192.0.2.1' },
    ]);
  });
});
