import { useId, useState, type FormEvent } from 'react';
import type { Strike } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { dateTimeFormat } from '../../lib/formatters';
import { useI18n, useT, type MessageId } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { ThingPreview, TYPE_LABEL } from './bits';
import styles from './moderation.module.css';

const TITLE: Record<Strike['action'], MessageId> = {
  remove: 'moderation.strike.action.remove',
  sensitive: 'moderation.strike.action.sensitive',
  warn: 'moderation.strike.action.warn',
  silence: 'moderation.strike.action.silence',
  suspend: 'moderation.strike.action.suspend',
};
const APPEAL_MAX = 1000;

/** A strike as its owner reads it, and the one review they may ask for. */
export function StrikeCard({ strike, onAppeal }: { strike: Strike; onAppeal: (text: string) => Promise<unknown> }) {
  const t = useT();
  const { locale } = useI18n();
  const thing = strike.thing ? t(TYPE_LABEL[strike.thing.object_type]).toLocaleLowerCase(locale) : '';
  const date = dateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(strike.created_at));
  return (
    <li className={styles.card}>
      <h2 className={styles.panelTitle}>{t(TITLE[strike.action], { thing })}</h2>
      <p>{t('moderation.strike.rule', { rule: strike.rule })}</p>
      {strike.text && strike.text !== strike.rule ? <p className={styles.appealText}>{strike.text}</p> : null}
      {strike.thing ? <ThingPreview thing={strike.thing} /> : null}
      <p className={styles.meta}>{t('moderation.strike.when', { date })}</p>
      <AppealState strike={strike} onAppeal={onAppeal} />
    </li>
  );
}

function AppealState({ strike, onAppeal }: { strike: Strike; onAppeal: (text: string) => Promise<unknown> }) {
  const t = useT();
  if (strike.reversed || strike.appeal?.state === 'accepted') {
    return <p className={`${styles.stateLine} ${styles.labelOk}`} style={{ background: 'none' }}><Icon name="check" size={18} />{t('moderation.strike.accepted')}</p>;
  }
  if (strike.appeal?.state === 'rejected') return <p className={styles.stateLine}>{t('moderation.strike.rejected')}</p>;
  if (strike.appeal?.state === 'pending') {
    return (
      <div className={styles.thingBody}>
        <p className={styles.stateLine}><Icon name="clock" size={18} />{t('moderation.strike.inReview')}</p>
        <p className={styles.meta}>{t('moderation.strike.inReviewBody')}</p>
      </div>
    );
  }
  return <AppealForm onAppeal={onAppeal} />;
}

function AppealForm({ onAppeal }: { onAppeal: (text: string) => Promise<unknown> }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!open) return <div><Button variant="secondary" onClick={() => setOpen(true)}>{t('moderation.strike.review')}</Button></div>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      await onAppeal(text.trim());
    } catch (error) {
      setFailure(firstServerError(error, t('moderation.failed')));
      setBusy(false);
    }
  };
  return (
    <form className={styles.thingBody} onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className={styles.noteLabel}>{t('moderation.strike.reviewLabel')}</label>
      <textarea id={id} className={styles.textarea} value={text} maxLength={APPEAL_MAX} onChange={(event) => setText(event.target.value)} autoFocus aria-describedby={`${id}-count`} />
      <span id={`${id}-count`} className={styles.meta}>{t('moderation.strike.textLimit', { count: text.length, max: APPEAL_MAX })}</span>
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
      <div><Button type="submit" busy={busy} disabled={!text.trim()}>{t('moderation.strike.send')}</Button></div>
    </form>
  );
}
