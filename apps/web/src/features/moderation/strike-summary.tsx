import type { Strike } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { StrikeState, KIND_LABEL } from './audit-line';
import { TimeAgo, TYPE_LABEL } from './bits';
import styles from './moderation.module.css';

/** One line of an owner's record: what was done, under which rule, when, and where it stands. */
export function StrikeSummary({ strike, withThing = true }: { strike: Strike; withThing?: boolean }) {
  const t = useT();
  return (
    <>
      <span className={styles.labels}>
        <strong>{t(KIND_LABEL[strike.action])}</strong>
        {strike.thing && withThing ? <span className={styles.muted}>{t(TYPE_LABEL[strike.thing.object_type])}</span> : null}
        <StrikeState strike={strike} />
      </span>
      <span>{strike.rule}</span>
      <span className={styles.meta}><TimeAgo iso={strike.created_at} /></span>
    </>
  );
}
