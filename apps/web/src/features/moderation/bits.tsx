import { Link } from 'react-router';
import type { AdminAccount, ReportObjectType, ReportedThing } from '@shutter/contract';
import { dateTimeFormat } from '../../lib/formatters';
import { useI18n, useT, type MessageId } from '../../lib/i18n/i18n';
import { formatRelativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import styles from './moderation.module.css';

export const TYPE_LABEL: Record<ReportObjectType, MessageId> = {
  media: 'moderation.type.media',
  user: 'moderation.type.user',
  comment: 'moderation.type.comment',
  story: 'moderation.type.story',
  direct_message: 'moderation.type.direct_message',
};

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** "3 hours ago", with the exact time on hover and for assistive technology. */
export function TimeAgo({ iso }: { iso: string }) {
  const { locale } = useI18n();
  return (
    <time dateTime={iso} title={dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))}>
      {formatRelativeTime(seconds(iso), locale)}
    </time>
  );
}

export function Label({ tone = 'plain', children }: { tone?: 'plain' | 'warn' | 'danger' | 'ok'; children: string }) {
  const toneClass = { plain: '', warn: styles.labelWarn, danger: styles.labelDanger, ok: styles.labelOk }[tone];
  return <span className={`${styles.label} ${toneClass}`}>{children}</span>;
}

/** A person as moderators weigh them: who, how many strikes, and whether limited or suspended. */
export function AccountLine({ account, size = 32, linked = true }: { account: AdminAccount; size?: number; linked?: boolean }) {
  const t = useT();
  const strikes = account.strike_count === 0
    ? t('moderation.noStrikes')
    : account.strike_count === 1 ? t('moderation.strikeCountOne') : t('moderation.strikeCount', { count: account.strike_count });
  return (
    <div className={styles.owner}>
      <Avatar src={account.profile_pic_url} alt={t('moderation.ownerAvatar', { username: account.username })} size={size} />
      <div className={styles.thingBody}>
        {linked && !account.suspended ? (
          <Link to={`/${account.username}/`} className={`${styles.ownerName} ${styles.ownerLink}`}>{account.username}</Link>
        ) : (
          <span className={styles.ownerName}>{account.username}</span>
        )}
        <span className={styles.labels}>
          <span className={styles.meta}>{strikes}</span>
          {account.limited ? <Label tone="warn">{t('moderation.limited')}</Label> : null}
          {account.suspended ? <Label tone="danger">{t('moderation.suspended')}</Label> : null}
        </span>
      </div>
    </div>
  );
}

/** What was reported: its picture or words, its kind, and whether it was already acted on. */
export function ThingPreview({ thing, large = false }: { thing: ReportedThing; large?: boolean }) {
  const { t, locale } = useI18n();
  const picture = thing.thumbnail_url ? (
    <img className={`${styles.thumb} ${large ? styles.thumbLarge : ''}`} src={thing.thumbnail_url} alt={t('moderation.thumbnailAlt')} loading="lazy" decoding="async" />
  ) : null;
  const labels = (
    <span className={styles.labels}>
      <Label>{t(TYPE_LABEL[thing.object_type])}</Label>
      {thing.removed ? <Label tone="danger">{t('moderation.removed')}</Label> : null}
      {thing.sensitive ? <Label tone="warn">{t('moderation.sensitive')}</Label> : null}
    </span>
  );
  if (large) {
    return (
      <div className={styles.thingBody}>
        {labels}
        {picture}
        {thing.text ? <p className={styles.thingTextLarge}>{thing.text}</p> : null}
        {!picture && !thing.text ? <p className={styles.muted}>{t('moderation.noPreview')}</p> : null}
        {thing.url && !thing.removed ? <Link to={thing.url} className={styles.ownerLink}>{t('moderation.view', { thing: t(TYPE_LABEL[thing.object_type]).toLocaleLowerCase(locale) })}</Link> : null}
      </div>
    );
  }
  return (
    <div className={styles.thing}>
      {picture ?? <span className={`${styles.thumb} ${styles.thumbText}`}>{t(TYPE_LABEL[thing.object_type])}</span>}
      <div className={styles.thingBody}>
        {labels}
        {thing.text ? <p className={styles.thingText}>{thing.text}</p> : <p className={styles.muted}>{t('moderation.noPreview')}</p>}
      </div>
    </div>
  );
}

/** A list that failed to load: what happened, and a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className={styles.failure} role="alert">
      <p>{t('moderation.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>{t('moderation.retry')}</Button>
    </div>
  );
}

export function Skeletons({ count = 4, row = false }: { count?: number; row?: boolean }) {
  const t = useT();
  return (
    <div role="status" aria-label={t('moderation.loading')}>
      <ul className={row ? styles.list : styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => <li key={i} className={row ? styles.skeletonRow : styles.skeleton} style={row ? { marginBottom: 8 } : undefined} />)}
      </ul>
    </div>
  );
}
