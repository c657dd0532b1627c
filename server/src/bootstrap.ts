import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { HttpError } from './core/errors.js';
import type { UsersService } from './modules/users/users.service.js';

/**
 * First start on an empty database: create the admin from ADMIN_* or with a generated password, which is
 * printed once and never stored in clear. Returns the generated password, if any.
 */
export async function ensureFirstAdmin(
  users: UsersService,
  config: Config,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if ((await users.count()) > 0) return null;
  const generated = config.admin.password ? null : randomBytes(12).toString('base64url');
  try {
    await users.createFirstAdmin({
      username: config.admin.username,
      email: config.admin.email,
      full_name: 'Administrator',
      password: config.admin.password ?? generated!,
      role: 'admin',
      is_active: true,
    });
  } catch (error) {
    // The password rules apply to the first admin too: a common ADMIN_PASSWORD stops the start, naming it.
    if (error instanceof HttpError && error.statusCode === 422) throw new Error(`ADMIN_PASSWORD: ${error.detail}`);
    throw error;
  }
  if (generated) {
    // Printed to stdout rather than the log so that it is not kept by log shipping.
    process.stdout.write(
      `\n  First start: created the admin account.\n    username: ${config.admin.username}\n    password: ${generated}\n  It is shown only this once. Sign in at /admin and change it on your Account screen.\n\n`,
    );
  } else {
    log.info({ username: config.admin.username }, 'created the admin account from ADMIN_USERNAME / ADMIN_PASSWORD');
  }
  return generated;
}
