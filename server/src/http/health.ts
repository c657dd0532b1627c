import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/connect.js';
import type { Db } from '../db/dialect.js';
import type { Lifecycle } from '../lifecycle.js';

/**
 * /healthz (is the process alive and its database reachable: 200 or 503) and /readyz (should a load balancer
 * send it work: 503 until the app is ready and again from the moment it drains on SIGTERM).
 */
export function registerHealthChecks(app: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  app.get('/healthz', async (_req, reply) => {
    const database = await pingDatabase(db);
    return reply
      .status(database ? 200 : 503)
      .send({ status: database ? 'ok' : 'unavailable', database: database ? 'ok' : 'down' });
  });
  app.get('/readyz', async (_req, reply) => {
    if (lifecycle.state !== 'ready') return reply.status(503).send({ status: lifecycle.state });
    const database = await pingDatabase(db);
    return reply
      .status(database ? 200 : 503)
      .send({ status: database ? 'ready' : 'unavailable', database: database ? 'ok' : 'down' });
  });
}
