import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_RECEIPT,
  contactInputSchema,
  isHoneypotFilled,
  PARTY_MAX,
  partyText,
  type BookingAction,
  type BookingStatus,
  type Contact,
  type ContactListQuery,
  type Departure,
  type ContactReceipt,
  type ListPage,
  type ContactStatus,
} from '@tours-cms/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { isForeignKeyViolation } from '../../db/database-errors.js';
import { conflict, HttpError, invalidField, notFound, tooManyRequests } from '../../core/errors.js';
import type { DeparturesService } from '../departures/departures.service.js';
import type { PostsService } from '../posts/posts.service.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { Actor } from '../../core/actor.js';
import { nowIso } from '../../core/clock.js';
import { clientKey } from '../../core/client-key.js';
import { inTransaction, lockKey } from '../../db/transaction.js';
import * as repo from './contacts.repository.js';

const HOUR_MS = 3_600_000;

export interface ContactsDeps {
  db: Db;
  config: Pick<Config, 'contactMaxPerHour'>;
  /** An inquiry may name a tour: a published post. */
  posts: PostsService;
  /** Staff are told of each inquiry by e-mail, queued in the inquiry's transaction. */
  mail: MailService;
  activity: ActivityService;
  /** A booking request names a departure; confirming takes its seats, cancelling gives them back. */
  departures: DeparturesService;
}

const seatsText = (seats: number) => `${seats} ${seats === 1 ? 'seat' : 'seats'}`;
const dayText = (d: { starts_on: string; start_time: string | null }) =>
  d.start_time ? `${d.starts_on} ${d.start_time}` : d.starts_on;

/** Each step on a booking: the status it must have, the one it gets, and how the log names it. */
const BOOKING_STEPS: Record<BookingAction, { from: BookingStatus; to: BookingStatus; done: string }> = {
  confirm: { from: 'requested', to: 'confirmed', done: 'Booking confirmed' },
  decline: { from: 'requested', to: 'declined', done: 'Booking declined' },
  cancel: { from: 'confirmed', to: 'cancelled', done: 'Booking cancelled' },
};

/** How an inquiry is named in the activity log: its sender and subject. */
const titleOf = (contact: Pick<Contact, 'name' | 'subject'>) => `${contact.name}: ${contact.subject}`;

/** Inquiries from the website, and their handling by staff. */
export function createContactsService({ db, config, posts, mail, activity, departures }: ContactsDeps) {
  /**
   * Seconds until this sender may send another inquiry, or 0. Counted from the stored inquiries themselves, so
   * the limit holds across restarts, both API base paths and every node without any state in memory.
   */
  async function retryAfterSeconds(tx: Db, senderKey: string): Promise<number> {
    const now = Date.now();
    const max = config.contactMaxPerHour;
    const recent = await repo.recentContactTimesFrom(tx, senderKey, new Date(now - HOUR_MS).toISOString(), max);
    if (recent.length < max) return 0;
    const oldestCounted = Date.parse(recent[recent.length - 1]!);
    return Math.max(1, Math.ceil((oldestCounted + HOUR_MS - now) / 1000));
  }

  /**
   * The seats a new request may still ask for: neither confirmed nor held by a waiting request (null: no limit).
   */
  async function seatsLeft(tx: Db, departure: Departure): Promise<number | null> {
    if (departure.seats_total === null) return null;
    return Math.max(0, departure.seats_total - departure.seats_taken - (await repo.seatsRequested(tx, departure.id)));
  }

  /**
   * A booking request's departure and party, or a 422 naming the field: the departure must exist, be the tour's,
   * still be open and in the future, and have room for the party. The seats left count the confirmed bookings and
   * the requests still waiting (a waiting request holds its seats), so two visitors are never promised one seat.
   * Requests for one departure are checked one at a time (a lock on its id) for the same reason.
   */
  async function checkRequest(tx: Db, input: z.output<typeof contactInputSchema>) {
    const departure = await departures.forBooking(input.departure_id!, tx);
    if (!departure) throw invalidField('departure_id', 'This date is not offered');
    // A tour's translations share its departures (issue 30): they are kept under the group's first item.
    if (input.post_id !== null && departure.post_id !== (await departures.ownerOf(input.post_id, tx)))
      throw invalidField('departure_id', 'This date is not one of this tour’s');
    if (departure.availability === 'cancelled') throw invalidField('departure_id', 'This date is cancelled');
    if (departure.availability === 'past') throw invalidField('departure_id', 'This date has passed');
    if (departure.availability === 'sold_out') throw invalidField('departure_id', 'This date is sold out');
    const adults = input.adults;
    if (adults === null) throw invalidField('adults', 'At least one adult is needed');
    const children = input.children ?? 0;
    const seats = adults + children;
    if (seats > PARTY_MAX) throw invalidField('adults', `A party can be at most ${PARTY_MAX} people`);
    if (departure.seats_total !== null) {
      await lockKey(tx, `departure-requests:${departure.id}`);
      const left = (await seatsLeft(tx, departure))!;
      if (seats > left)
        throw invalidField(
          'adults',
          left === 0
            ? 'No seats are left on this date'
            : `Only ${seatsText(left)} ${left === 1 ? 'is' : 'are'} left on this date`,
        );
    }
    return { departure, adults, children };
  }

  return {
    /**
     * A tour's departure as its request form shows it: the departure with the seats a request may still ask for
     * (those neither confirmed nor held by waiting requests; null without a limit), or undefined when it is not
     * this tour's.
     */
    async requestable(
      postId: number,
      departureId: number,
    ): Promise<{ departure: Departure; seatsLeft: number | null } | undefined> {
      const departure = await departures.forBooking(departureId);
      if (!departure || departure.post_id !== (await departures.ownerOf(postId))) return undefined;
      return { departure, seatsLeft: await seatsLeft(db, departure) };
    },

    list: (): Promise<Contact[]> => repo.listContacts(db),

    listPage: (query: ContactListQuery): Promise<ListPage<Contact>> => repo.listContactsPage(db, query),

    async get(id: number): Promise<Contact> {
      const contact = await repo.findContactById(db, id);
      if (!contact) throw notFound('Contact');
      return contact;
    },

    count: (status?: ContactStatus): Promise<number> => repo.countContacts(db, status),

    /** How many booking requests wait for staff (the dashboard's "Booking requests waiting"). */
    countBookingRequests: (): Promise<number> => repo.countBookingRequests(db),

    /**
     * An inquiry from the public website, throttled per address. A filled honeypot gets the very same answer as
     * a real inquiry but nothing is stored, so a bot cannot tell it was caught. A named tour must be a published
     * post (else 422 on post_id). Every refusal is an HttpError, so a server-rendered form can call this directly.
     * `notify: false` tells no one by e-mail (the demo's requests, which no visitor sent).
     */
    async receive(
      input: z.output<typeof contactInputSchema>,
      ipAddress: string,
      { notify = true }: { notify?: boolean } = {},
    ): Promise<ContactReceipt> {
      const senderKey = clientKey(ipAddress);
      let mailQueued = false;
      // The count and the insert are one step per sender (a lock on the sender's key), so inquiries sent in
      // parallel from one address cannot all pass the limit before any of them is stored.
      const receipt = await inTransaction(db, async (tx) => {
        await lockKey(tx, `contact-sender:${senderKey}`);
        const wait = await retryAfterSeconds(tx, senderKey);
        if (wait > 0) throw tooManyRequests(wait, 'Too many messages from your address. Please try again later.');
        if (isHoneypotFilled(input[CONTACT_HONEYPOT_FIELD])) return CONTACT_RECEIPT;
        const booking = input.departure_id === null ? null : await checkRequest(tx, input);
        // The tour the visitor asked from (a translation's request names the translation), else the date's.
        const postId = input.post_id ?? booking?.departure.post_id ?? null;
        const tour = postId === null ? null : await posts.publishedTitle(postId, tx);
        if (postId !== null && tour === null) {
          // An unpublished or trashed tour takes no requests for its dates.
          if (input.post_id === null) throw invalidField('departure_id', 'This date cannot be requested');
          throw invalidField('post_id', 'Tour not found');
        }
        const now = nowIso();
        try {
          const contact = await repo.insertContact(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            subject: input.subject,
            message: input.message,
            post_id: postId,
            departure_id: booking?.departure.id ?? null,
            adults: booking?.adults ?? null,
            children: booking?.children ?? null,
            booking_status: booking ? 'requested' : null,
            status: 'new',
            ip_address: ipAddress.slice(0, 64),
            sender_key: senderKey,
            created_at: now,
            updated_at: now,
          });
          await activity.record(tx, null, {
            action: 'create',
            itemType: 'contact',
            itemId: contact.id,
            title: titleOf(contact),
            summary: booking
              ? `Booking request from the website: ${partyText(booking)} on ${dayText(booking.departure)}`
              : 'Sent from the website',
            actorName: 'Website visitor',
            address: ipAddress,
          });
          mailQueued =
            notify &&
            (await mail.inquiryReceived(tx, {
              ...contact,
              tour,
              booking: booking && {
                date: dayText(booking.departure),
                party: partyText(booking),
              },
            }));
        } catch (error) {
          // The tour was deleted between the check and the insert: the same field error, so a caller that renders
          // the refusal itself (the tour page's HTML form) gets an HttpError rather than a database error.
          if (postId !== null && isForeignKeyViolation(error)) throw invalidField('post_id', 'Tour not found');
          throw error;
        }
        return CONTACT_RECEIPT;
      });
      // Sent after the commit, by the delivery loop: the visitor's answer never waits for a mail server.
      if (mailQueued) mail.queued();
      return receipt;
    },

    async setStatus(id: number, status: ContactStatus, actor: Actor): Promise<Contact> {
      return inTransaction(db, async (tx) => {
        const before = await repo.findContactById(tx, id);
        if (!before || !(await repo.updateContactStatus(tx, id, status, nowIso()))) throw notFound('Contact');
        await activity.record(tx, actor, {
          action: 'status',
          itemType: 'contact',
          itemId: id,
          title: titleOf(before),
          summary: `Status ${before.status} → ${status}`,
        });
        return (await repo.findContactById(tx, id))!;
      });
    },

    /**
     * A step on a booking request (issue 29 item 5), in one transaction: "confirm" takes the party's seats from the
     * departure (409 with the seats left when they do not fit, nothing taken), "decline" ends a request, "cancel"
     * ends a confirmed booking and gives its seats back. The status moves only from the one the step expects, so
     * two staff members doing the same step at once do it once; the other answers 409.
     */
    async bookingStep(id: number, action: BookingAction, actor: Actor): Promise<Contact> {
      const step = BOOKING_STEPS[action];
      const seatsMoved = await inTransaction(db, async (tx) => {
        const booking = await repo.findBooking(tx, id);
        if (!booking) throw notFound('Contact');
        if (booking.booking_status === null) throw conflict('This inquiry is not a booking request');
        if (!(await repo.moveBooking(tx, id, step.from, step.to, nowIso())))
          throw conflict(
            `This booking is ${(await repo.findBooking(tx, id))?.booking_status ?? 'gone'}, not ${step.from}`,
          );
        const departure =
          booking.departure_id === null ? undefined : await departures.forBooking(booking.departure_id, tx);
        let moved = false;
        if (action === 'confirm') {
          if (!departure) throw conflict('The date of this request was deleted');
          if (!(await departures.takeSeats(tx, departure.id, booking.seats))) {
            const now = (await departures.forBooking(departure.id, tx))!;
            const left = now.seats_total === null ? null : Math.max(0, now.seats_total - now.seats_taken);
            if (now.status === 'cancelled')
              throw new HttpError(409, 'This departure is cancelled', undefined, undefined, { seats_left: left });
            throw new HttpError(
              409,
              `Only ${seatsText(left ?? 0)} ${left === 1 ? 'is' : 'are'} left on this departure; this booking needs ${booking.seats}`,
              undefined,
              undefined,
              { seats_left: left },
            );
          }
          moved = true;
        }
        if (action === 'cancel' && departure) {
          await departures.giveSeats(tx, departure.id, booking.seats);
          moved = true;
        }
        await activity.record(tx, actor, {
          action: 'status',
          itemType: 'contact',
          itemId: id,
          title: titleOf(booking),
          summary: `${step.done}: ${seatsText(booking.seats)}${departure ? ` on ${dayText(departure)}` : ''}`,
        });
        return moved;
      });
      if (seatsMoved) departures.seatsChanged();
      return (await repo.findContactById(db, id))!;
    },

    /** Deletes an inquiry; a confirmed booking gives its seats back first. */
    async remove(id: number, actor: Actor): Promise<void> {
      const seatsMoved = await inTransaction(db, async (tx) => {
        const before = await repo.findContactById(tx, id);
        const booking = await repo.findBooking(tx, id);
        if (!before || !booking || !(await repo.deleteContact(tx, id))) throw notFound('Contact');
        const giveBack = booking.booking_status === 'confirmed' && booking.departure_id !== null;
        if (giveBack) await departures.giveSeats(tx, booking.departure_id!, booking.seats);
        await activity.record(tx, actor, {
          action: 'delete',
          itemType: 'contact',
          itemId: id,
          title: titleOf(before),
          ...(giveBack ? { summary: `Its ${seatsText(booking.seats)} given back` } : {}),
        });
        return giveBack;
      });
      if (seatsMoved) departures.seatsChanged();
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
