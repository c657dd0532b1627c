import type { Db } from '../../../server/dist/db/dialect.js';
import { generateToken, hashToken } from '../../../server/dist/modules/sessions/tokens.js';

/**
 * An administrator written straight into a benchmark's database, with a session of an hour: the Authorization
 * header the in-process benchmarks send (a sign-in through the API would cost an argon2 check and its throttles).
 */
export async function benchAdmin(
  kysely: Db['kysely'],
): Promise<{ userId: number; token: string; headers: { authorization: string } }> {
  const now = new Date().toISOString();
  const user = await kysely
    .insertInto('users')
    .values({
      username: 'bench',
      email: 'bench@example.com',
      full_name: 'Bench',
      password_hash: 'x',
      role: 'admin',
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = generateToken();
  await kysely
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    .execute();
  return { userId: user.id, token, headers: { authorization: `Bearer ${token}` } };
}
