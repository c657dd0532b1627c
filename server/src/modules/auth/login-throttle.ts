/**
 * Counts failed sign-ins per key (a username, an address) in a sliding window. In memory: a restart forgets,
 * which is acceptable for a single-process server and keeps sign-in free of extra writes. A failure costs one
 * key's work; keys whose failures have all aged out are dropped by `prune`, which the app runs on a timer (never
 * on a request: a scan of a map that an attacker fills with fresh keys would cost every failure that much).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many keys are held (for tests and the operator's curiosity). */
  get size(): number {
    return this.failures.size;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
  }

  /** Takes back the latest recorded attempt of the key (a sign-in that turned out to succeed). */
  forgiveLatest(key: string): void {
    const recent = this.recent(key);
    recent.pop();
    if (recent.length > 0) this.failures.set(key, recent);
    else this.failures.delete(key);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Drops every key with no failure left in the window. */
  prune(): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > cutoff);
  }
}
