import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import { injectAs, TEST_PASSWORD } from './test-app.js';

/**
 * The code an authenticator app shows for this secret, `steps` 30-second steps from now (tests computing codes
 * as a phone would; +1 gives the next code, which the server accepts as the step beside now).
 */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/**
 * Turns two-factor sign-in on for the holder of `token` (a ready-made user: their password is TEST_PASSWORD) through
 * the API; answers the secret and the recovery codes.
 */
export async function enableTwoFactor(
  app: FastifyInstance,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await injectAs(app, token, { method: 'POST', url: '/api/account/two-factor/setup' });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enabled = await injectAs(app, token, {
    method: 'POST',
    url: '/api/account/two-factor/enable',
    payload: { code: totpCode(secret), password: TEST_PASSWORD },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: (enabled.json() as { recovery_codes: string[] }).recovery_codes };
}
