import type { LoginInput, RegisterInput, TokenResponse, User } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import { HttpError, forbidden, tooManyRequests } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { findUserByUsername } from '../users/users.repository.js';
import { createUser } from '../users/users.service.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { deleteExpiredSessions, deleteSession, insertSession } from './sessions.repository.js';
import { generateToken, hashToken } from './tokens.js';

const WRONG_CREDENTIALS = 'Incorrect username or password';

/**
 * Signs a user in. The answer never tells whether the username exists: an unknown user is verified against a
 * decoy hash and gets the same 401 as a wrong password. Only a correct password reveals an inactive account.
 */
export async function issueToken({ db, config, loginThrottle }: AppContext, input: LoginInput, address: string): Promise<TokenResponse> {
  const userKey = `user:${input.username.toLowerCase()}`;
  const addressKey = `addr:${address}`;
  const wait = Math.max(loginThrottle.retryAfterSeconds(userKey), loginThrottle.retryAfterSeconds(addressKey));
  if (wait > 0) throw tooManyRequests(wait, 'Too many failed sign-in attempts. Try again later.');
  // Counted as a failure before the password is checked (in the same tick as the check above), so guesses sent
  // in parallel cannot all pass the limit while the hashes are computed; a success takes its attempt back.
  loginThrottle.recordFailure(userKey);
  loginThrottle.recordFailure(addressKey);

  const user = await findUserByUsername(db, input.username);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !passwordOk) throw new HttpError(401, WRONG_CREDENTIALS, undefined, { 'WWW-Authenticate': 'Bearer' });
  if (!user.is_active) throw forbidden('This account is inactive');
  // The address keeps its other failures: signing in to one's own account must not reset a password spray.
  loginThrottle.reset(userKey);
  loginThrottle.forgiveLatest(addressKey);

  const token = generateToken();
  const now = new Date();
  await insertSession(db, user.id, hashToken(token), now.toISOString(), new Date(now.getTime() + config.tokenTtlMs).toISOString());
  // Sign-in is rare enough to carry the housekeeping of expired sessions.
  await deleteExpiredSessions(db, nowIso());
  return { access_token: token, token_type: 'bearer' };
}

export async function revokeToken({ db }: AppContext, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash);
}

/** Open sign-up (off unless ALLOW_REGISTRATION=true): the new account is always a plain `user`. */
export async function register({ db, config }: AppContext, input: RegisterInput & { password: string }): Promise<User> {
  if (!config.allowRegistration) throw forbidden('Registration is disabled');
  return createUser(db, {
    username: input.username,
    email: input.email,
    full_name: input.full_name ?? null,
    password: input.password,
    role: 'user',
    is_active: true,
  });
}
