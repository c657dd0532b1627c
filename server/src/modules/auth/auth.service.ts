import {
  REGISTRATION_RECEIVED,
  USERNAME_MAX,
  type CurrentUser,
  type LoginInput,
  type RegisterInput,
  type RegistrationReceived,
  type TokenResponse,
  type TwoFactorChallenge,
  type TwoFactorSignInInput,
} from '@tours-cms/contract';
import type { Config } from '../../config.js';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { clientKey } from '../../core/client-key.js';
import { HttpError, forbidden, tooManyRequests } from '../../core/errors.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { SessionClient, SessionsService } from '../sessions/sessions.service.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import type { UsersService } from '../users/users.service.js';
import type { Throttle } from './login-throttle.js';
import type { PasswordCheckGate } from './password-check-gate.js';

const WRONG_CREDENTIALS = 'Incorrect username or password';
const CHALLENGE_GONE = 'This sign-in has expired or is not valid: sign in again with your password';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'allowRegistration'>;
  users: UsersService;
  sessions: SessionsService;
  twoFactor: TwoFactorService;
  activity: ActivityService;
  loginThrottle: Throttle;
  /** Registrations per address: every attempt counts, accepted or not. */
  registrationThrottle: Throttle;
  passwordChecks: PasswordCheckGate;
}

/** Where a sign-in request came from. */
export interface SignInClient extends SessionClient {
  address: string;
}

const unauthorized = (detail: string) => new HttpError(401, detail, undefined, { 'WWW-Authenticate': 'Bearer' });

/**
 * The throttle's keys for a sign-in. Wrong passwords count per username at one address (`pair`) and per address:
 * a stranger guessing at the administrator's username locks out only their own addresses, never the
 * administrator at theirs. Wrong codes of the second step, which only someone holding the password can send, count
 * per username (`owner`) from anywhere: a code has a million values, so guesses spread over many addresses must
 * meet one limit; the account service counts a signed-in session's wrong current passwords there too.
 */
function signInKeys(username: string, address: string): { owner: string; pair: string; address: string } {
  const name = username.toLowerCase();
  const client = clientKey(address);
  return {
    owner: `user:${name}`,
    pair: `user:${name.slice(0, USERNAME_MAX * 2)}@${client}`,
    address: `addr:${client}`,
  };
}

/** Signing in (one step, or two with a second factor) and out, and open registration. */
export function createAuthService({
  db,
  config,
  users,
  sessions,
  twoFactor,
  activity,
  loginThrottle,
  registrationThrottle,
  passwordChecks,
}: AuthDeps) {
  function assertRegistrationOpen(): void {
    if (!config.allowRegistration) throw forbidden('Registration is disabled');
  }

  /**
   * Counts an attempt against its keys before it is checked (in one step with the check of the limit), so guesses
   * sent in parallel cannot all pass the limit while they are verified; a success takes its attempt back. 429 when
   * any key is over the limit.
   */
  async function countAttempt(...keys: string[]): Promise<void> {
    throwIfWaiting(await loginThrottle.attempt(...keys));
  }

  function throwIfWaiting(wait: number): void {
    if (wait > 0) throw tooManyRequests(wait, 'Too many failed sign-in attempts. Try again later.');
  }

  /** A failed sign-in goes in the activity log on its own (there is no write to join). */
  async function recordFailure(username: string, client: SignInClient, summary: string): Promise<void> {
    const user = await users.findSessionUser(username);
    await activity.record(db, user && { ...user, address: client.address }, {
      action: 'sign_in_failed',
      itemType: 'user',
      itemId: user?.id ?? null,
      title: user?.username ?? username,
      summary,
      ...(user ? {} : { actorName: `Unknown user "${username.slice(0, 60)}"`, address: client.address }),
    });
  }

  /** Starts the session of a completed sign-in and records it, in one transaction. */
  async function completeSignIn(tx: Db, actor: Actor, client: SignInClient, summary: string): Promise<TokenResponse> {
    const token = await sessions.start(actor.id, client, tx);
    await activity.record(tx, actor, {
      action: 'sign_in',
      itemType: 'user',
      itemId: actor.id,
      title: actor.username,
      summary,
    });
    return { access_token: token, token_type: 'bearer' };
  }

  return {
    /**
     * Signs a user in. The answer never tells whether the username exists: an unknown user gets the same 401 as
     * a wrong password. Only a correct password reveals an inactive account. An account with two-factor sign-in
     * on gets a challenge instead of a token (decisions §14); its password attempt still counts until the code
     * is right, so a known password cannot be used to reset the count of code guesses.
     */
    async signIn(input: LoginInput, client: SignInClient): Promise<TokenResponse | TwoFactorChallenge> {
      const keys = signInKeys(input.username, client.address);
      // Wrong codes already sent for this account (by someone who knew its password) hold at this step too.
      throwIfWaiting(await loginThrottle.retryAfterSeconds(keys.owner));
      await countAttempt(keys.pair, keys.address);

      const user = await passwordChecks.run(() => users.verifyCredentials(input.username, input.password));
      if (!user) {
        await recordFailure(input.username, client, 'Wrong password or unknown username');
        throw unauthorized(WRONG_CREDENTIALS);
      }
      if (!user.is_active) throw forbidden('This account is inactive');
      const { is_active: _active, ...sessionUser } = user;
      const actor: Actor = { ...sessionUser, address: client.address };
      if ((await twoFactor.status(user.id)).enabled) {
        // The password was right: that attempt is forgiven, but the user's earlier failures stand.
        await loginThrottle.forgiveLatest(keys.pair);
        await loginThrottle.forgiveLatest(keys.address);
        return { two_factor_required: true, challenge: await twoFactor.startChallenge(user.id) };
      }
      // The address keeps its other failures: signing in to one's own account must not reset a password spray.
      await loginThrottle.reset(keys.pair);
      await loginThrottle.forgiveLatest(keys.address);
      return inTransaction(db, (tx) => completeSignIn(tx, actor, client, 'With password'));
    },

    /**
     * The second step: the challenge and a code (or a recovery code) for the token. Every wrong, used, expired or
     * malformed answer counts toward the same throttle as a wrong password, and spends one of the challenge's
     * few attempts; a code is accepted once, a recovery code is gone once used.
     */
    async signInWithCode(input: TwoFactorSignInInput, client: SignInClient): Promise<TokenResponse> {
      const challenge = /^[A-Za-z0-9_-]{20,100}$/.test(input.challenge)
        ? await twoFactor.findChallenge(input.challenge)
        : null;
      const keys = signInKeys(challenge?.username ?? '', client.address);
      await (challenge ? countAttempt(keys.owner, keys.address) : countAttempt(keys.address));
      if (!challenge) throw unauthorized(CHALLENGE_GONE);
      if (!challenge.is_active) throw forbidden('This account is inactive');

      const actor: Actor = {
        id: challenge.user_id,
        username: challenge.username,
        full_name: challenge.full_name,
        email: challenge.email,
        role: challenge.role,
        address: client.address,
      };
      try {
        const token = await inTransaction(db, async (tx) => {
          if (!(await twoFactor.takeChallenge(tx, challenge.id))) throw unauthorized(CHALLENGE_GONE);
          const factor = await twoFactor.acceptCode(tx, challenge.user_id, input.code);
          const summary =
            factor === 'totp'
              ? 'With password and authenticator code'
              : `With password and a recovery code (${await twoFactor.recoveryCodesLeft(challenge.user_id, tx)} left)`;
          return completeSignIn(tx, actor, client, summary);
        });
        await loginThrottle.reset(keys.owner);
        await loginThrottle.reset(keys.pair);
        await loginThrottle.forgiveLatest(keys.address);
        return token;
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 422)) {
          await twoFactor.countWrongCode(challenge.id);
          await activity.record(db, actor, {
            action: 'sign_in_failed',
            itemType: 'user',
            itemId: actor.id,
            title: actor.username,
            summary: `Second step refused: ${error.detail}`,
          });
        }
        throw error;
      }
    },

    /** The signed-in user and the state of their second factor (GET /auth/me). */
    me(user: Actor, state: { twoFactorEnabled: boolean; twoFactorSetupRequired: boolean }): CurrentUser {
      const { id, username, full_name, email, role } = user;
      return {
        id,
        username,
        full_name,
        email,
        role,
        two_factor_enabled: state.twoFactorEnabled,
        two_factor_setup_required: state.twoFactorSetupRequired,
      };
    },

    signOut: (tokenHash: string, actor: Actor): Promise<void> => sessions.end(tokenHash, actor),

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
        users.registerPending({
          username: input.username,
          email: input.email,
          full_name: input.full_name ?? null,
          password: input.password,
        }),
      );
      return { detail: REGISTRATION_RECEIVED };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** The throttle and the gate, for the services given them in services.ts (modules meet only through services). */
export type { Throttle, PasswordCheckGate };
