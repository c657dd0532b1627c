import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { setAdminDocumentHeaders } from '../plugins/security-headers.js';

const ADMIN_DIST = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

/**
 * Serves the built admin app under /admin: hashed assets cached for a year, index.html for every other path
 * (client-side routes), always revalidated; every file with the admin's Content-Security-Policy.
 */
export async function registerAdminApp(app: FastifyInstance, distDir: string = ADMIN_DIST): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    const notBuilt = async (_req: unknown, reply: FastifyReply) =>
      reply.status(503).type('text/plain').send('The admin app is not built yet: run `npm run build`.');
    app.get('/admin', notBuilt);
    app.get('/admin/*', notBuilt);
    return;
  }
  const indexHtml = fs.readFileSync(indexFile);

  // The hashed assets (all but a handful of the admin's files) from one wildcard route, cached for a year; the few
  // other files (the favicon, the frames' documents) from a route each, always revalidated. A route per asset (the
  // plugin's `wildcard: false` over the whole folder) was 340 routes to build at every start: 6 ms of each test app.
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/admin/assets/',
    wildcard: true,
    index: false,
    setHeaders(res) {
      setAdminDocumentHeaders(res);
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/admin/',
    wildcard: false,
    globIgnore: ['assets/**'],
    index: false,
    decorateReply: false,
    setHeaders(res) {
      // Whatever the path (`/admin/index.html` included), a document of the admin carries its policy and
      // anti-framing headers; on scripts and styles they are harmless.
      setAdminDocumentHeaders(res);
      res.header('Cache-Control', 'no-cache');
    },
  });

  const sendIndex = async (_req: unknown, reply: FastifyReply) => {
    setAdminDocumentHeaders(reply);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
  app.get('/admin', sendIndex);
  app.get('/admin/*', async (req, reply) => {
    // A missing hashed asset is a 404, not the app shell (which the browser would try to run as a script).
    if (req.url.startsWith('/admin/assets/')) return reply.status(404).send({ detail: 'Not found' });
    return sendIndex(req, reply);
  });
}
