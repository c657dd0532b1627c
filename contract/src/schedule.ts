import { z } from 'zod';

/**
 * Scheduled publishing (issue 12, decisions §13): a post or page with the status `scheduled` carries a
 * `publish_at`, a moment in UTC; at that moment the server publishes it. Any other status has no `publish_at`.
 */
export const SCHEDULED_STATUS = 'scheduled';

/** What the editors and lists call the status. */
export const SCHEDULED_LABEL = 'Scheduled';

/**
 * `publish_at` as a client sends it: an ISO 8601 date and time with its offset (`2026-12-01T09:00:00Z`,
 * `2026-12-01T10:00:00+01:00`), stored and answered in UTC. Absent, null and blank mean none.
 */
export const publishAtInputSchema = z
  .union([
    z.literal(''),
    z.iso.datetime({
      offset: true,
      message: 'Publish at must be a date and time with its offset, such as 2026-12-01T09:00:00Z',
    }),
  ])
  .nullish()
  .transform((value) => (value ? new Date(value).toISOString() : null));

/** The rule every scheduled save shares: the status `scheduled` needs a `publish_at` (422 on `publish_at`). */
export function requirePublishAtWhenScheduled(
  input: { status: string; publish_at: string | null },
  ctx: z.RefinementCtx,
): void {
  if (input.status === SCHEDULED_STATUS && input.publish_at === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['publish_at'],
      message: 'Publish at is required when the status is Scheduled',
    });
  }
}

/** True for an IANA time zone the runtime knows (`Europe/Lisbon`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The site's time zone until an administrator chooses one. */
export const DEFAULT_TIMEZONE = 'UTC';

/** A moment shown in the site's time zone, for lists and notes: "1 Dec 2026, 09:00". */
export function formatInTimeZone(iso: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale ?? 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE,
  }).format(new Date(iso));
}

/** A body as a save stores its schedule: `publish_at` kept only with the status `scheduled` (else null). */
export function scheduledOnly<T extends { status?: string; publish_at?: string | null }>(input: T): T {
  return input.status === SCHEDULED_STATUS && input.publish_at ? input : { ...input, publish_at: null };
}
