import { useI18n } from '../../lib/i18n/i18n';
import { formatRelativeTime } from '../../lib/relative-time';

/** "3 hours ago" with the exact date as machine-readable dateTime and as a tooltip. */
export function PostTime({ seconds, className }: { seconds: number; className?: string }) {
  const { locale } = useI18n();
  const date = new Date(seconds * 1000);
  return (
    <time className={className} dateTime={date.toISOString()} title={date.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' })}>
      {formatRelativeTime(seconds, locale)}
    </time>
  );
}
