import { useQuery } from '@tanstack/react-query';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIMEZONE, formatInTimeZone, isTimeZone, type SiteSettings } from '@tours-cms/contract';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The site's time zone (Settings), in which every screen shows and reads a 'Publish at' (decisions §13: UTC in the
 * API, the site's time zone on screen). The settings query is the Settings screen's own, so both share one cache.
 */
export function useSiteTimeZone(): string {
  const { data } = useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => apiFetch<SiteSettings>('/settings'),
    staleTime: 60_000,
  });
  return data?.timezone && isTimeZone(data.timezone) ? data.timezone : DEFAULT_TIMEZONE;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment (ISO, UTC) as a `datetime-local` input shows it in the zone: "2026-12-01T09:00"; '' for none. */
export function toZonedInputValue(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new TZDate(iso, timeZone);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value read as wall time in the zone, as the moment in UTC (ISO); null when blank or unreadable. */
export function fromZonedInputValue(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new TZDate(y, mo - 1, d, h, mi, timeZone);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime()).toISOString();
}

/** "Scheduled for 1 Dec 2026, 09:00 (Europe/Lisbon)": how lists and editors name a schedule. */
export function scheduledForLabel(iso: string, timeZone: string): string {
  return `Scheduled for ${formatInTimeZone(iso, timeZone)} (${timeZone})`;
}
