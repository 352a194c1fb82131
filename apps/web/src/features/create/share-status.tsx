import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import type { CreationSession } from './creation-reducer';
import styles from './details.module.css';

/** Progress while sharing; the server's message and a retry after a failure. Nothing when idle. */
export function ShareStatusPanel({ share, onRetry }: { share: CreationSession['share']; onRetry: () => void }) {
  const t = useT();
  const failureRef = useRef<HTMLDivElement>(null);
  const failed = share.status === 'failed';
  // On a phone the panel sits below the picture: bring the message into view.
  useEffect(() => {
    if (failed) failureRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [failed, share.error]);
  if (share.status === 'idle') return null;
  if (failed) {
    return (
      <div ref={failureRef} className={styles.failure} role="alert">
        <p className={styles.failureTitle}>{t('create.share.failed')}</p>
        <p>{share.error}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('create.share.retry')}
        </Button>
      </div>
    );
  }
  const percent = Math.round(share.progress * 100);
  const label = share.status === 'uploading' ? t('create.share.uploading') : t('create.share.configuring');
  return (
    <div className={styles.progressBox}>
      <p className={styles.progressLabel} aria-live="polite">
        {label}
      </p>
      <div className={styles.progress} role="progressbar" aria-label={t('create.share.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
