import type { SessionUser } from '@tours-cms/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../clock.js';
import * as repo from './sessions.repository.js';
import { generateToken, hashToken } from './tokens.js';

export interface SessionsDeps {
  db: Db;
  config: Pick<Config, 'tokenTtlMs'>;
}

/** Who a bearer token belongs to, for the auth plugin. */
export interface Authenticated {
  user: SessionUser;
  isActive: boolean;
  /** The token's hash, which names the session (for sign-out). */
  tokenHash: string;
}

/**
 * Sessions: opaque bearer tokens, stored only as their SHA-256 hash with an expiry. The lowest of the account
 * modules: users and auth depend on it, it depends on neither.
 */
export function createSessionsService({ db, config }: SessionsDeps) {
  return {
    /** Starts a session for the user and returns its token, which is never stored. */
    async start(userId: number): Promise<string> {
      const token = generateToken();
      const now = new Date();
      await repo.insertSession(db, userId, hashToken(token), now.toISOString(), new Date(now.getTime() + config.tokenTtlMs).toISOString());
      // Sign-in is rare enough to carry the housekeeping of expired sessions.
      await repo.deleteExpiredSessions(db, nowIso());
      return token;
    },

    /** The user behind an unexpired token, or null. */
    async authenticate(token: string): Promise<Authenticated | null> {
      const tokenHash = hashToken(token);
      const owner = await repo.findSessionOwner(db, tokenHash, nowIso());
      if (!owner) return null;
      const { is_active, ...user } = owner;
      return { user, isActive: Boolean(is_active), tokenHash };
    },

    async end(tokenHash: string): Promise<void> {
      await repo.deleteSession(db, tokenHash);
    },

    /** Signs the user out everywhere; `tx` lets a caller's transaction include it. */
    async endAllOf(userId: number, tx: Db = db): Promise<void> {
      await repo.deleteSessionsOfUser(tx, userId);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
