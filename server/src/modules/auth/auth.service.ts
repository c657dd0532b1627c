import { REGISTRATION_RECEIVED, type LoginInput, type RegisterInput, type RegistrationReceived, type TokenResponse } from '@tours-cms/contract';
import type { Config } from '../../config.js';
import { clientKey } from '../../client-key.js';
import { HttpError, forbidden, tooManyRequests } from '../../errors.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { Throttle } from './login-throttle.js';
import type { PasswordCheckGate } from './password-check-gate.js';

const WRONG_CREDENTIALS = 'Incorrect username or password';

export interface AuthDeps {
  config: Pick<Config, 'allowRegistration'>;
  users: UsersService;
  sessions: SessionsService;
  loginThrottle: Throttle;
  /** Registrations per address: every attempt counts, accepted or not. */
  registrationThrottle: Throttle;
  passwordChecks: PasswordCheckGate;
}

/** Signing in and out, and open registration. */
export function createAuthService({ config, users, sessions, loginThrottle, registrationThrottle, passwordChecks }: AuthDeps) {
  function assertRegistrationOpen(): void {
    if (!config.allowRegistration) throw forbidden('Registration is disabled');
  }

  return {
    /**
     * Signs a user in. The answer never tells whether the username exists: an unknown user gets the same 401 as
     * a wrong password. Only a correct password reveals an inactive account.
     */
    async signIn(input: LoginInput, address: string): Promise<TokenResponse> {
      const userKey = `user:${input.username.toLowerCase()}`;
      const addressKey = `addr:${clientKey(address)}`;
      // Counted as a failure before the password is checked (in one step with the check of the limit), so guesses
      // sent in parallel cannot all pass the limit while the hashes are computed; a success takes its attempt back.
      const wait = await loginThrottle.attempt(userKey, addressKey);
      if (wait > 0) throw tooManyRequests(wait, 'Too many failed sign-in attempts. Try again later.');

      const user = await passwordChecks.run(() => users.verifyCredentials(input.username, input.password));
      if (!user) throw new HttpError(401, WRONG_CREDENTIALS, undefined, { 'WWW-Authenticate': 'Bearer' });
      if (!user.is_active) throw forbidden('This account is inactive');
      // The address keeps its other failures: signing in to one's own account must not reset a password spray.
      await loginThrottle.reset(userKey);
      await loginThrottle.forgiveLatest(addressKey);
      return { access_token: await sessions.start(user.id), token_type: 'bearer' };
    },

    signOut: (tokenHash: string): Promise<void> => sessions.end(tokenHash),

    /** Refused before the body is even validated: while registration is off, every answer is 403. */
    assertRegistrationOpen,

    /**
     * Open sign-up (off unless ALLOW_REGISTRATION=true): a plain `user`, inactive until an administrator approves
     * it, so a stranger never reads the inquiries' personal data on their own say-so. Throttled per address; the
     * answer is the same whether or not the username or e-mail was taken.
     */
    async register(input: RegisterInput & { password: string }, address: string): Promise<RegistrationReceived> {
      assertRegistrationOpen();
      const key = `register:${clientKey(address)}`;
      const wait = await registrationThrottle.attempt(key);
      if (wait > 0) throw tooManyRequests(wait, 'Too many registrations from your address. Try again later.');
      await passwordChecks.run(() =>
        users.registerPending({ username: input.username, email: input.email, full_name: input.full_name ?? null, password: input.password }),
      );
      return { detail: REGISTRATION_RECEIVED };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
