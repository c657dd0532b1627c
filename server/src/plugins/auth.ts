import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, type Role } from '@tours-cms/contract';
import type { Actor } from '../core/actor.js';
import { HttpError, forbidden, notAuthenticated } from '../core/errors.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user and their address, set by requireRole. A route without requireRole that reads it answers
     * 401 rather than acting for no one, so routes behind requireRole read it as is.
     */
    user: Actor;
    /** The bearer token's hash, for logout. */
    tokenHash: string | null;
    /** The session's id (the Account screen marks it as this browser's and keeps it on 'Sign out everywhere else'). */
    sessionId: number | null;
    /** The state of the user's second factor, for GET /auth/me. */
    twoFactor: { twoFactorEnabled: boolean; twoFactorSetupRequired: boolean } | null;
  }
  interface FastifyInstance {
    /**
     * A hook that lets through active users of at least `role` (user < editor < admin). Use it as `onRequest`, so
     * an unauthenticated request is refused (401) before its body is read or validated.
     */
    requireRole(role: Role): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * The route stays open to a user whose role requires two-factor sign-in before they have set it up (who they
     * are, signing out, the setup itself); every other route answers them 403 until then.
     */
    duringTwoFactorSetup?: boolean;
  }
}

/** The 403 of every route but the setup's, for a user whose role requires a second factor they do not have yet. */
export const TWO_FACTOR_SETUP_REQUIRED =
  'Your role requires two-factor sign-in: set it up on your Account screen to continue';

/** Where requireRole keeps the request's user (read through `request.user`). */
const SIGNED_IN = Symbol('signed-in user');

/** Only `Authorization: Bearer <token>`: never a query string, cookie or Basic credentials. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme's name is case-insensitive (RFC 7235); the token is our own base64url form.
  const match = /^Bearer +([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export const authPlugin = fp<{ sessions: SessionsService }>(async (app, { sessions }) => {
  app.decorateRequest('user', {
    getter(this: FastifyRequest & { [SIGNED_IN]?: Actor }) {
      const user = this[SIGNED_IN];
      if (!user) throw notAuthenticated();
      return user;
    },
    setter(this: FastifyRequest & { [SIGNED_IN]?: Actor }, user: Actor) {
      this[SIGNED_IN] = user;
    },
  });
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('twoFactor', null);
  app.decorate('requireRole', (role: Role) => {
    return async function requireRole(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw notAuthenticated();
      const session = await sessions.authenticate(token);
      if (!session) throw notAuthenticated();
      if (!session.isActive) throw forbidden('This account is inactive');
      if (session.twoFactorSetupRequired && !request.routeOptions.config.duringTwoFactorSetup) {
        throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED);
      }
      if (!hasRole(session.user.role, role)) throw forbidden();
      request.user = { ...session.user, address: request.ip };
      request.tokenHash = session.tokenHash;
      request.sessionId = session.sessionId;
      request.twoFactor = {
        twoFactorEnabled: session.twoFactorEnabled,
        twoFactorSetupRequired: session.twoFactorSetupRequired,
      };
    };
  });
});
