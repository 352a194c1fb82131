import { useI18n } from '../../lib/i18n/i18n';
import { dateTimeFormat } from '../../lib/formatters';
import { formatRelativeTime } from '../../lib/relative-time';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * "3 hours ago" with the exact date as machine-readable dateTime and as a tooltip. The server knows
 * neither the reader's clock nor their time zone, and a public page's HTML is revalidated by a hash
 * of it: its render (and the hydration of it) shows the day in UTC, which does not move by the
 * minute; the relative time and the local tooltip come once hydrated.
 */
export function PostTime({ seconds, className }: { seconds: number; className?: string }) {
  const { locale } = useI18n();
  const hydrated = useHydrated();
  const date = new Date(seconds * 1000);
  return (
    <time className={className} dateTime={date.toISOString()} title={hydrated ? dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date) : undefined}>
      {hydrated ? formatRelativeTime(seconds, locale) : dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)}
    </time>
  );
}
