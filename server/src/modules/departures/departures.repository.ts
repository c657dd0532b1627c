import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { forUpdate } from '../../db/transaction.js';
import type { DeparturesTable } from '../../db/tables.js';

export type DepartureRow = Omit<Selectable<DeparturesTable>, 'price'> & { price: number | null };

const COLUMNS = [
  'id',
  'post_id',
  'starts_on',
  'start_time',
  'price',
  'seats_total',
  'seats_taken',
  'status',
  'note',
  'created_at',
  'updated_at',
] as const;

const row = (r: Selectable<DeparturesTable>): DepartureRow => ({
  ...r,
  price: r.price === null ? null : Number(r.price),
});

/**
 * The tour, while it is not in the trash, and the id its departures are kept under: its translation group's (the
 * group's first item, issue 30), which is its own id when it has no translations.
 */
export async function findTour(
  db: Db,
  postId: number,
): Promise<{ id: number; title: string; owner: number; language: string } | undefined> {
  const tour = await db.kysely
    .selectFrom('posts')
    .select(['id', 'title', 'translation_group', 'language'])
    .where('id', '=', postId)
    .executeTakeFirst();
  // A row written straight to the database (a benchmark's) may have no group: it is its own.
  return tour && { id: tour.id, title: tour.title, owner: tour.translation_group ?? tour.id, language: tour.language };
}

/** The notes of these departures in a language other than the site's default, by departure id (issue 30). */
export async function notesIn(db: Db, ids: number[], language: string): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('departure_notes')
    .select(['departure_id', 'note'])
    .where('language', '=', language)
    .where('departure_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.departure_id, r.note]));
}

/** Sets a departure's note in a language other than the default; null takes it away (the default's shows). */
export async function setNote(db: Db, id: number, language: string, note: string | null): Promise<void> {
  if (note === null) {
    await db.kysely
      .deleteFrom('departure_notes')
      .where('departure_id', '=', id)
      .where('language', '=', language)
      .execute();
    return;
  }
  await db.kysely
    .insertInto('departure_notes')
    .values({ departure_id: id, language, note })
    .onConflict((oc) => oc.columns(['departure_id', 'language']).doUpdateSet({ note }))
    .execute();
}

/** A tour's departures from `from` to `to` (both days included, either open), by day and time (no time first). */
export async function listDepartures(
  db: Db,
  postId: number,
  range: { from?: string; to?: string; limit?: number },
): Promise<DepartureRow[]> {
  let query = db.kysely.selectFrom('departures').select(COLUMNS).where('post_id', '=', postId);
  if (range.from) query = query.where('starts_on', '>=', range.from);
  if (range.to) query = query.where('starts_on', '<=', range.to);
  query = query
    .orderBy('starts_on')
    .orderBy((eb) => eb.case().when('start_time', 'is', null).then(0).else(1).end())
    .orderBy('start_time')
    .orderBy('id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return (await query.execute()).map(row);
}

export async function findDeparture(db: Db, postId: number, id: number): Promise<DepartureRow | undefined> {
  const found = await db.kysely
    .selectFrom('departures')
    .select(COLUMNS)
    .where('post_id', '=', postId)
    .where('id', '=', id)
    .executeTakeFirst();
  return found && row(found);
}

/** The same, locked until the transaction ends (PostgreSQL; SQLite's one writer serialises anyway). */
export async function lockDeparture(db: Db, postId: number, id: number): Promise<DepartureRow | undefined> {
  const found = await forUpdate(
    db,
    db.kysely.selectFrom('departures').select(COLUMNS).where('post_id', '=', postId).where('id', '=', id),
  ).executeTakeFirst();
  return found && row(found);
}

/** A departure by its id alone (a booking request names only the departure). */
export async function findDepartureById(db: Db, id: number): Promise<DepartureRow | undefined> {
  const found = await db.kysely.selectFrom('departures').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return found && row(found);
}

/**
 * Takes `seats` from a departure in one conditional UPDATE: only while it is not cancelled and the seats fit
 * (`seats_taken + seats <= seats_total`, or no limit). The database checks and writes in one step under the row's
 * lock, so racing confirmations on any number of processes take the last seats exactly once. False: nothing taken.
 */
export async function takeSeats(db: Db, id: number, seats: number, updatedAt: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('departures')
    .set((eb) => ({ seats_taken: eb('seats_taken', '+', seats), updated_at: updatedAt }))
    .where('id', '=', id)
    .where('status', '<>', 'cancelled')
    .where((eb) =>
      eb.or([eb('seats_total', 'is', null), eb(eb('seats_taken', '+', seats), '<=', eb.ref('seats_total'))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a cancelled booking's seats back (never below zero). */
export async function giveSeats(db: Db, id: number, seats: number, updatedAt: string): Promise<void> {
  await db.kysely
    .updateTable('departures')
    .set((eb) => ({
      seats_taken: eb
        .case()
        .when('seats_taken', '>', seats)
        .then(eb('seats_taken', '-', seats))
        .else(0)
        .end(),
      updated_at: updatedAt,
    }))
    .where('id', '=', id)
    .execute();
}

/** The "day time" keys a tour already has between two days, as a series skips them. */
export async function existingSlots(db: Db, postId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('departures')
    .select(['starts_on', 'start_time'])
    .where('post_id', '=', postId)
    .where('starts_on', '>=', from)
    .where('starts_on', '<=', to)
    .execute();
  return new Set(rows.map((r) => `${r.starts_on} ${r.start_time ?? ''}`));
}

export async function insertDepartures(db: Db, rows: Insertable<DeparturesTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return (await db.kysely.insertInto('departures').values(rows).returning('id').execute()).map((r) => r.id);
}

export async function updateDeparture(
  db: Db,
  postId: number,
  id: number,
  changes: Updateable<DeparturesTable>,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('departures')
    .set(changes)
    .where('post_id', '=', postId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDeparture(db: Db, postId: number, id: number): Promise<boolean> {
  await db.kysely
    .deleteFrom('departure_notes')
    .where('departure_id', 'in', (eb) =>
      eb.selectFrom('departures').select('id').where('post_id', '=', postId).where('id', '=', id),
    )
    .execute();
  const result = await db.kysely
    .deleteFrom('departures')
    .where('post_id', '=', postId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * A tour's departures, when its trash entry is purged for good, unless they are its translations' too (it was the
 * first item of a group that has other items still): then they stay, kept under the group's id.
 */
export async function deleteDeparturesOf(db: Db, postId: number): Promise<void> {
  const shared = await db.kysely
    .selectFrom('posts')
    .select('id')
    .where('translation_group', '=', postId)
    .limit(1)
    .executeTakeFirst();
  if (shared) return;
  await db.kysely
    .deleteFrom('departure_notes')
    .where('departure_id', 'in', (eb) => eb.selectFrom('departures').select('id').where('post_id', '=', postId))
    .execute();
  await db.kysely.deleteFrom('departures').where('post_id', '=', postId).execute();
}
