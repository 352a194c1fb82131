import { relativeTimeFormat } from './formatters';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago" in the viewer's language, from unix seconds (wording comes from Intl, not the catalogue). */
export function formatRelativeTime(unixSeconds: number, locale: string, nowMs = Date.now()): string {
  const diff = Math.round(unixSeconds - nowMs / 1000);
  const format = relativeTimeFormat(locale);
  for (const [unit, seconds] of UNITS) {
    if (Math.abs(diff) >= seconds) return format.format(Math.trunc(diff / seconds), unit);
  }
  return format.format(0, 'minute');
}
