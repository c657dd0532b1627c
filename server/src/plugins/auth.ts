import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, type Role, type SessionUser } from '@tours-cms/contract';
import { forbidden, notAuthenticated } from '../errors.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireRole; null on public routes. */
    user: SessionUser | null;
    /** The bearer token's hash, for logout. */
    tokenHash: string | null;
  }
  interface FastifyInstance {
    /**
     * A hook that lets through active users of at least `role` (user < editor < admin). Use it as `onRequest`, so
     * an unauthenticated request is refused (401) before its body is read or validated.
     */
    requireRole(role: Role): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Only `Authorization: Bearer <token>`: never a query string, cookie or Basic credentials. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme's name is case-insensitive (RFC 7235); the token is our own base64url form.
  const match = /^Bearer +([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export const authPlugin = fp<{ sessions: SessionsService }>(async (app, { sessions }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.decorate('requireRole', (role: Role) => {
    return async function requireRole(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw notAuthenticated();
      const session = await sessions.authenticate(token);
      if (!session) throw notAuthenticated();
      if (!session.isActive) throw forbidden('This account is inactive');
      if (!hasRole(session.user.role, role)) throw forbidden();
      request.user = session.user;
      request.tokenHash = session.tokenHash;
    };
  });
});
