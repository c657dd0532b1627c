import type { Insertable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { MailOutboxTable } from '../../db/tables.js';

export async function findInquiryRecipients(db: Db): Promise<string[]> {
  const row = await db.kysely
    .selectFrom('mail_settings')
    .select('inquiry_recipients')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.inquiry_recipients) as string[]) : [];
}

export async function saveInquiryRecipients(db: Db, recipients: string[], at: string): Promise<void> {
  const values = { inquiry_recipients: JSON.stringify(recipients), updated_at: at };
  await db.kysely
    .insertInto('mail_settings')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

export async function insertMessage(db: Db, message: Insertable<MailOutboxTable>): Promise<number> {
  const { id } = await db.kysely.insertInto('mail_outbox').values(message).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The ids of messages waiting whose time has come, oldest first (the (status, next_attempt_at) index). */
export async function listDueIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims a due message for this node until `until`: one conditional update, so when several nodes run at once
 * exactly one of them sends it. A claim left by a node that stopped mid-send lapses and the message is due again.
 */
export async function claimMessage(db: Db, id: number, now: string, until: string) {
  const result = await db.kysely
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markSent(db: Db, id: number, at: string): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at, claimed_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed try: due again at `nextAttemptAt`, or given up on (`failed`) when that is null. */
export async function markFailed(db: Db, id: number, error: string, nextAttemptAt: string | null): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set(
      nextAttemptAt
        ? { last_error: error, next_attempt_at: nextAttemptAt, claimed_until: null }
        : { last_error: error, status: 'failed', claimed_until: null },
    )
    .where('id', '=', id)
    .execute();
}

/** What has not gone out: waiting and given up on, oldest first, `limit` of each. */
export async function listUndelivered(db: Db, limit: number) {
  const columns = [
    'id',
    'subject',
    'recipients',
    'status',
    'attempts',
    'last_error',
    'next_attempt_at',
    'created_at',
  ] as const;
  const [pending, failed] = await Promise.all(
    (['pending', 'failed'] as const).map((status) =>
      db.kysely
        .selectFrom('mail_outbox')
        .select(columns)
        .where('status', '=', status)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    ),
  );
  return [...pending!, ...failed!];
}

export async function lastSentAt(db: Db): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max('sent_at').as('at'))
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
