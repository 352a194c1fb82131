import type { AuditEntry, ModerationActionKind, Strike } from '@shutter/contract';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { TimeAgo, TYPE_LABEL } from './bits';
import styles from './moderation.module.css';

export const KIND_LABEL: Record<ModerationActionKind | 'warn', MessageId> = {
  dismiss: 'moderation.kind.dismiss',
  reopen: 'moderation.kind.reopen',
  remove: 'moderation.kind.remove',
  sensitive: 'moderation.kind.sensitive',
  warn: 'moderation.kind.warn',
  silence: 'moderation.kind.silence',
  suspend: 'moderation.kind.suspend',
  unsuspend: 'moderation.kind.unsuspend',
  unsilence: 'moderation.kind.unsilence',
  appeal_accepted: 'moderation.kind.appeal_accepted',
  appeal_rejected: 'moderation.kind.appeal_rejected',
};

/** "mod · Removed · Post of bob · 2 hours ago", and the note. */
export function AuditLine({ entry }: { entry: AuditEntry }) {
  const t = useT();
  return (
    <>
      <span>
        <strong>{entry.account.username}</strong> · {t(KIND_LABEL[entry.action])}
        {entry.object_type ? <> · {t(TYPE_LABEL[entry.object_type])}</> : null}
        {entry.target_account ? <> · {entry.target_account.username}</> : null}
      </span>
      <span className={styles.meta}><TimeAgo iso={entry.created_at} /></span>
      {entry.text ? <span className={styles.muted}>{entry.text}</span> : null}
    </>
  );
}

/** A strike in a moderator's view of the owner's record. */
export function StrikeState({ strike }: { strike: Strike }) {
  const t = useT();
  if (strike.reversed) return <span className={`${styles.label} ${styles.labelOk}`}>{t('moderation.strike.reversed')}</span>;
  if (strike.appeal?.state === 'pending') return <span className={`${styles.label} ${styles.labelWarn}`}>{t('moderation.strike.inReview')}</span>;
  return null;
}
