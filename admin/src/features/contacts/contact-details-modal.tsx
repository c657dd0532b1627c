import type { ReactNode } from 'react';
import {
  BOOKING_STATUS_LABELS,
  CONTACT_STATUS_LABELS,
  type BookingAction,
  type Contact,
  type ContactStatus,
} from '@tours-cms/contract';
import { Link } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { useNotify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api-client';
import { useUpdateContactStatus } from './api/update-contact-status';
import { ContactStatusBadge } from './contact-status-badge';
import { useBookingStep } from './api/booking-step';
import { bookingDateText, partyText } from './booking-text';

/** What each booking step is called on its button, and what the notice says once done. */
const BOOKING_STEP_TEXT: Record<BookingAction, { button: string; done: string }> = {
  confirm: { button: 'Confirm booking', done: 'Booking confirmed.' },
  decline: { button: 'Decline', done: 'Booking declined.' },
  cancel: { button: 'Cancel booking', done: 'Booking cancelled; its seats are free again.' },
};

interface Props {
  contact: Contact;
  /** False for plain users, who may read inquiries but not change them. */
  canEdit: boolean;
  onClose: () => void;
}

function formatReceived(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/**
 * Name, email, phone (only when present), subject, the tour asked about (when any), message, status and date received, with
 * 'Mark In Progress' and 'Mark Resolved'; a booking request adds its date, party and booking status, with 'Confirm
 * booking' and 'Decline' (or 'Cancel booking' once confirmed). Every field is rendered as text, so HTML a visitor typed stays inert.
 */
export function ContactDetailsModal({ contact, canEdit, onClose }: Props) {
  const notify = useNotify();
  const updateStatus = useUpdateContactStatus();
  const bookingStep = useBookingStep();
  const booking = contact.booking;
  const steps: BookingAction[] =
    booking?.status === 'requested' ? ['confirm', 'decline'] : booking?.status === 'confirmed' ? ['cancel'] : [];

  const takeStep = async (action: BookingAction) => {
    try {
      await bookingStep.mutateAsync({ id: contact.id, action, postId: contact.post?.id ?? null });
      notify.success(BOOKING_STEP_TEXT[action].done);
      onClose();
    } catch (error) {
      console.error(error);
      // A 409 says why (the seats left, or another step got there first): shown as the server words it.
      notify.error(errorMessage(error, 'The booking could not be changed. Please try again.'));
    }
  };

  const mark = async (status: ContactStatus) => {
    try {
      await updateStatus.mutateAsync({ id: contact.id, status });
      notify.success(`Contact marked ${CONTACT_STATUS_LABELS[status]}.`);
      onClose();
    } catch (error) {
      console.error(error);
      notify.error(errorMessage(error, 'The status could not be changed. Please try again.'));
    }
  };

  return (
    <Modal
      open
      title="Contact Details"
      onClose={onClose}
      size="lg"
      footer={
        canEdit && (
          <>
            {steps.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'confirm' ? 'btn-primary' : 'btn-secondary'}
                disabled={bookingStep.isPending}
                onClick={() => takeStep(action)}
              >
                {BOOKING_STEP_TEXT[action].button}
              </button>
            ))}
            <button
              type="button"
              className="btn-secondary"
              disabled={updateStatus.isPending || contact.status === 'in-progress'}
              onClick={() => mark('in-progress')}
            >
              Mark In Progress
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={updateStatus.isPending || contact.status === 'resolved'}
              onClick={() => mark('resolved')}
            >
              Mark Resolved
            </button>
          </>
        )
      }
    >
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Detail label="Name">{contact.name}</Detail>
        <Detail label="Email">
          <a href={`mailto:${contact.email}`} className="text-blue-700 hover:underline">
            {contact.email}
          </a>
        </Detail>
        {contact.phone && (
          <Detail label="Phone">
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="text-blue-700 hover:underline">
              {contact.phone}
            </a>
          </Detail>
        )}
        <Detail label="Subject">{contact.subject || '—'}</Detail>
        {contact.post && (
          <Detail label="Tour">
            <Link
              to={`/admin/posts/edit/${contact.post.id}`}
              className="text-blue-700 hover:underline"
              onClick={onClose}
            >
              {contact.post.title}
            </Link>{' '}
            <a
              href={`/tours/${encodeURIComponent(contact.post.slug)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm text-slate-600 hover:underline"
            >
              (view on site<span className="sr-only">, opens in a new tab</span>)
            </a>
          </Detail>
        )}
        {booking && (
          <>
            <Detail label="Date requested">{bookingDateText(booking)}</Detail>
            <Detail label="Party">{partyText(booking)}</Detail>
            <Detail label="Booking">{BOOKING_STATUS_LABELS[booking.status]}</Detail>
          </>
        )}
        <Detail label="Status">
          <ContactStatusBadge status={contact.status} />
        </Detail>
        <Detail label="Date Received">{formatReceived(contact.created_at)}</Detail>
        <Detail label="Message" wide>
          <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3">{contact.message}</p>
        </Detail>
      </dl>
    </Modal>
  );
}

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}
