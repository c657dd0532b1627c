import type { Insertable } from 'kysely';
import {
  contactSchema,
  type BookingStatus,
  type Contact,
  type ContactListQuery,
  type ContactStatus,
  type ListPage,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { contains, countRows, keysetSort, pageRows, toListPage } from '../../list-paging.js';
import type { ContactsTable } from '../../db/tables.js';

// The contract's fields only (the sender's address stays in the database), and the tour asked about, joined.
const CONTACT_COLUMNS = contactSchema
  .keyof()
  .exclude(['post', 'booking'])
  .options.map((column) => `contacts.${column}` as const);

function selectContacts(db: Db, from = db.kysely.selectFrom('contacts')) {
  return from
    .leftJoin('posts', 'posts.id', 'contacts.post_id')
    .leftJoin('departures', 'departures.id', 'contacts.departure_id')
    .select([
      ...CONTACT_COLUMNS,
      'posts.id as post_id',
      'posts.title as post_title',
      'posts.slug as post_slug',
      'contacts.booking_status',
      'contacts.adults',
      'contacts.children',
      'departures.id as departure_id',
      'departures.starts_on',
      'departures.start_time',
      'departures.status as departure_status',
    ]);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectContacts>['executeTakeFirstOrThrow']>>;

function toContact({
  post_id,
  post_title,
  post_slug,
  booking_status,
  adults,
  children,
  departure_id,
  starts_on,
  start_time,
  departure_status,
  ...contact
}: JoinedRow): Contact {
  return {
    ...contact,
    booking:
      booking_status === null
        ? null
        : {
            status: booking_status,
            adults: adults ?? 0,
            children: children ?? 0,
            departure:
              departure_id !== null && starts_on !== null && departure_status !== null
                ? { id: departure_id, starts_on, start_time: start_time ?? null, status: departure_status }
                : null,
          },
    post:
      post_id !== null && post_title !== null && post_slug !== null
        ? { id: post_id, title: post_title, slug: post_slug }
        : null,
  };
}

export async function listContacts(db: Db): Promise<Contact[]> {
  const rows = await selectContacts(db).orderBy('contacts.created_at', 'desc').orderBy('contacts.id', 'desc').execute();
  return rows.map(toContact);
}

/**
 * One page of the inquiries, searched (name, email, subject), filtered by status and sorted on the server. The
 * total is counted on the inquiries alone: the joined tour never adds or removes a row.
 */
export async function listContactsPage(db: Db, query: ContactListQuery): Promise<ListPage<Contact>> {
  const sort = keysetSort(query.sort);
  const filtered = db.kysely
    .selectFrom('contacts')
    .$if(query.status !== undefined, (qb) => qb.where('contacts.status', '=', query.status!))
    .$if(query.q !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or(['contacts.name', 'contacts.email', 'contacts.subject'].map((column) => contains(db, column, query.q!))),
      ),
    );
  const [rows, total] = await Promise.all([
    pageRows(selectContacts(db, filtered), sort, query.cursor, query.limit, 'contacts').execute(),
    countRows(filtered),
  ]);
  const page = toListPage('contacts', query.sort, sort, rows, query.limit, total);
  return { ...page, items: page.items.map(toContact) };
}

export async function findContactById(db: Db, id: number): Promise<Contact | undefined> {
  const row = await selectContacts(db).where('contacts.id', '=', id).executeTakeFirst();
  return row && toContact(row);
}

export async function insertContact(db: Db, row: Insertable<ContactsTable>): Promise<Contact> {
  const { id } = await db.kysely.insertInto('contacts').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findContactById(db, id))!;
}

/** Returns false when no contact has this id. */
export async function updateContactStatus(
  db: Db,
  id: number,
  status: ContactStatus,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('contacts')
    .set({ status, updated_at: updatedAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Returns false when no contact has this id. */
export async function deleteContact(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * When the inquiries sent by one sender (contacts_sender index) since `since` were stored, newest first, at most
 * `limit` of them. ISO timestamps compare as text, so the same query runs on both databases.
 */
export async function recentContactTimesFrom(
  db: Db,
  senderKey: string,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('contacts')
    .select('created_at')
    .where('sender_key', '=', senderKey)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.created_at);
}

export async function countContacts(db: Db, status?: ContactStatus): Promise<number> {
  let query = db.kysely.selectFrom('contacts').select((eb) => eb.fn.countAll<number>().as('count'));
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** How many booking requests wait for staff. */
export async function countBookingRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('booking_status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The seats a departure's waiting requests hold (adults and children). */
export async function seatsRequested(db: Db, departureId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('contacts')
    .select((eb) => eb.fn.sum<number | string | null>(eb('adults', '+', eb.ref('children'))).as('seats'))
    .where('departure_id', '=', departureId)
    .where('booking_status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.seats ?? 0);
}

/** A booking request's departure and party, for a step on it. */
export async function findBooking(
  db: Db,
  id: number,
): Promise<
  | { departure_id: number | null; seats: number; booking_status: BookingStatus | null; name: string; subject: string }
  | undefined
> {
  const row = await db.kysely
    .selectFrom('contacts')
    .select(['departure_id', 'adults', 'children', 'booking_status', 'name', 'subject'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, seats: (row.adults ?? 0) + (row.children ?? 0) };
}

/**
 * Moves a booking from one status to the next, only if it still has the first: false when another step got there
 * first (two staff confirming one request at once change it once).
 */
export async function moveBooking(
  db: Db,
  id: number,
  from: BookingStatus,
  to: BookingStatus,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('contacts')
    .set({ booking_status: to, updated_at: updatedAt })
    .where('id', '=', id)
    .where('booking_status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
