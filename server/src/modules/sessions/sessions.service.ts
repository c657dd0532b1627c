import { SESSION_TOUCH_INTERVAL_MS, hasRole, type Session, type SessionUser } from '@tours-cms/contract';
import type { Config } from '../../config.js';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { forbidden, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { parseRoleList } from '../../role-list.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './sessions.repository.js';
import { generateToken, hashToken } from './tokens.js';

export interface SessionsDeps {
  db: Db;
  config: Pick<Config, 'tokenTtlMs'>;
  activity: ActivityService;
}

/** Where a sign-in came from: kept with its session, shown on the Account screen. */
export interface SessionClient {
  address: string | null;
  userAgent: string | null;
}

/** Who a bearer token belongs to, for the auth plugin. */
export interface Authenticated {
  user: SessionUser;
  isActive: boolean;
  /** The token's hash, which names the session (for sign-out). */
  tokenHash: string;
  sessionId: number;
  twoFactorEnabled: boolean;
  /** The user's role must use two-factor sign-in and they have not set it up yet. */
  twoFactorSetupRequired: boolean;
}

function toSession(row: repo.SessionRow, currentId: number | null): Session {
  return {
    id: row.id,
    created_at: row.created_at,
    last_used_at: row.last_used_at ?? row.created_at,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    current: row.id === currentId,
  };
}

/**
 * Sessions: opaque bearer tokens, stored only as their SHA-256 hash with an expiry, the address and browser that
 * signed in, and when they were last used. The lowest of the account modules: users and auth depend on it.
 * Ending a session deletes its row, so it takes effect at that token's next request.
 */
export function createSessionsService({ db, config, activity }: SessionsDeps) {
  /** Records who ended sessions of whom, in the transaction that ended them. */
  async function recordEnded(
    tx: Db,
    actor: Actor,
    owner: { id: number; username: string },
    summary: string,
  ): Promise<void> {
    await activity.record(tx, actor, {
      action: 'sessions',
      itemType: 'user',
      itemId: owner.id,
      title: owner.username,
      summary,
    });
  }

  return {
    /** Starts a session for the user and returns its token, which is never stored. */
    async start(userId: number, client: SessionClient, tx: Db = db): Promise<string> {
      const token = generateToken();
      const now = new Date();
      const createdAt = now.toISOString();
      await repo.insertSession(tx, {
        user_id: userId,
        token_hash: hashToken(token),
        created_at: createdAt,
        expires_at: new Date(now.getTime() + config.tokenTtlMs).toISOString(),
        last_used_at: createdAt,
        ip_address: client.address?.slice(0, 64) ?? null,
        user_agent: client.userAgent?.slice(0, 300) ?? null,
      });
      // Sign-in is rare enough to carry the housekeeping of expired sessions.
      await repo.deleteExpiredSessions(tx, createdAt);
      return token;
    },

    /**
     * The user behind an unexpired token, or null. The session's last use is written at most once a minute, so
     * a busy editor costs one small write a minute, not one a request.
     */
    async authenticate(token: string): Promise<Authenticated | null> {
      const tokenHash = hashToken(token);
      const now = nowIso();
      const owner = await repo.findSessionOwner(db, tokenHash, now);
      if (!owner) return null;
      if (!owner.last_used_at || Date.parse(now) - Date.parse(owner.last_used_at) >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(db, owner.session_id, now);
      }
      const { id, username, full_name, email, role } = owner;
      const twoFactorEnabled = owner.totp_secret !== null;
      return {
        user: { id, username, full_name, email, role },
        isActive: Boolean(owner.is_active),
        tokenHash,
        sessionId: owner.session_id,
        twoFactorEnabled,
        twoFactorSetupRequired: !twoFactorEnabled && parseRoleList(owner.two_factor_roles).includes(role),
      };
    },

    /** The user's unexpired sessions: the one asking (`currentId`) first, then the most recently used. */
    async list(userId: number, currentId: number | null): Promise<Session[]> {
      const sessions = (await repo.listSessionsOfUser(db, userId, nowIso())).map((row) => toSession(row, currentId));
      return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
    },

    /** Signs out the session of this token (POST /auth/logout). */
    async end(tokenHash: string, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        await repo.deleteSession(tx, tokenHash);
        await activity.record(tx, actor, {
          action: 'sign_out',
          itemType: 'user',
          itemId: actor.id,
          title: actor.username,
        });
      });
    },

    /**
     * Ends one session: one's own, or anyone's for an administrator (403 otherwise; 404 for a session that does
     * not exist, or no longer does).
     */
    async endById(sessionId: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const session = await repo.findSession(tx, sessionId);
        if (!session) throw notFound('Session');
        const isOwn = session.user_id === actor.id;
        if (!isOwn && !hasRole(actor.role, 'admin')) throw forbidden('You can end only your own sessions');
        if (!(await repo.deleteSessionById(tx, sessionId))) throw notFound('Session');
        await recordEnded(
          tx,
          actor,
          { id: session.user_id, username: session.username },
          isOwn ? 'Ended one of their sessions' : 'Ended a session of this user',
        );
      });
    },

    /** 'Sign out everywhere else': every session of the actor but the one asking; answers how many ended. */
    async endOthers(actor: Actor, currentId: number): Promise<number> {
      return inTransaction(db, async (tx) => {
        const ended = await repo.deleteSessionsOfUser(tx, actor.id, currentId);
        await recordEnded(
          tx,
          actor,
          actor,
          `Signed out everywhere else (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
        );
        return ended;
      });
    },

    /** An administrator ends every session of a user (the Users screen); answers how many ended. */
    async endAllOfUser(user: { id: number; username: string }, actor: Actor): Promise<number> {
      return inTransaction(db, async (tx) => {
        const ended = await repo.deleteSessionsOfUser(tx, user.id);
        await recordEnded(tx, actor, user, `Ended all sessions (${ended})`);
        return ended;
      });
    },

    /** Signs the user out everywhere (but `exceptId`); `tx` lets a caller's transaction include it. */
    async endAllOf(userId: number, tx: Db = db, exceptId?: number): Promise<void> {
      await repo.deleteSessionsOfUser(tx, userId, exceptId);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
