import { HttpError } from '../../core/errors.js';

/**
 * Bounds the password checks running at once: each costs 64 MiB and two threads of argon2 for tens of
 * milliseconds, so a flood of sign-ins (to any account, known or not) would otherwise take all memory and CPU.
 * When full, a request is refused at once with 429 rather than queued: a queue would only hold the flood longer.
 */
export class PasswordCheckGate {
  private running = 0;

  constructor(private readonly max: number) {}

  async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      throw new HttpError(429, 'The server is busy checking other sign-ins. Try again in a moment.', undefined, {
        'Retry-After': '1',
      });
    }
    this.running += 1;
    try {
      return await check();
    } finally {
      this.running -= 1;
    }
  }
}
