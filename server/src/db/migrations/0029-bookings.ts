import type { Kysely, Migration } from 'kysely';

/**
 * Booking requests (issue 29 items 4 and 5): an inquiry may ask for a departure for a party (adults, children), and
 * staff confirm, decline or cancel it. `booking_status` is null for a plain inquiry, else "requested",
 * "confirmed", "declined" or "cancelled". `departure_id` carries no foreign key, as departures carry none to their
 * tour: a departure deleted while requests wait for it leaves them readable (their date shows as gone).
 */
export const bookingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('contacts').addColumn('departure_id', 'integer').execute();
    await db.schema.alterTable('contacts').addColumn('adults', 'integer').execute();
    await db.schema.alterTable('contacts').addColumn('children', 'integer').execute();
    await db.schema.alterTable('contacts').addColumn('booking_status', 'varchar(16)').execute();
    // The seats a departure's waiting requests hold, and the dashboard's count of them.
    await db.schema
      .createIndex('contacts_departure_booking')
      .on('contacts')
      .columns(['departure_id', 'booking_status'])
      .execute();
    await db.schema.createIndex('contacts_booking_status').on('contacts').column('booking_status').execute();
  },
};
