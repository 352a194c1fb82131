import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SUSPENSION_RETENTION_DAYS } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { buttonClass } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useToast } from '../../state/toast/toast-context';
import { appealStrike, appealToken, forgetAppealToken, isNotStaff, keepAppealToken, strikesKey, useStrikes } from '../../state/queries/moderation';
import { ApiError } from '../../lib/api';
import { LoadFailed, Skeletons } from './bits';
import { StrikeCard } from './strike-card';
import styles from './moderation.module.css';

/** The token from the refused login (kept for the tab), or from a link; a link's is moved out of the address. */
function useAppealToken(): string | null {
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('token');
  const [token] = useState(() => fromLink ?? appealToken());
  useEffect(() => {
    if (!fromLink) return;
    keepAppealToken(fromLink);
    setParams({}, { replace: true });
  }, [fromLink, setParams]);
  return token;
}

/**
 * Where a suspended person lands when their login is refused: why, for how long their data is
 * kept, and the review they may ask for, without a session (the appeal token stands for it).
 */
export function SuspendedPage() {
  const t = useT();
  useDocumentTitle(t('moderation.suspended.title'));
  const token = useAppealToken();
  const strikes = useStrikes(token, { enabled: token !== null });
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const expired = isNotStaff(strikes.error) || (strikes.error instanceof ApiError && strikes.error.status === 400);
  const list = strikes.data?.strikes ?? [];
  const suspension = list.find((strike) => strike.action === 'suspend');
  const restored = strikes.data !== undefined && (!suspension || suspension.reversed);
  // The suspension first: it is what the page is about; the other strikes follow.
  const ordered = suspension ? [suspension, ...list.filter((strike) => strike !== suspension)] : list;
  // Restored, the person logs in again; the token has nothing more to do.
  useEffect(() => {
    if (restored) forgetAppealToken();
  }, [restored]);

  return (
    <div className={styles.authPage}>
      <section className={styles.authCard} aria-labelledby="suspended-heading">
        <span className={styles.authIcon}><Icon name="shield" size={36} strokeWidth={1.5} /></span>
        <h1 id="suspended-heading" className={styles.authHeading}>{t('moderation.suspended.title')}</h1>
        {restored ? <p className={styles.authText} role="status">{t('moderation.suspended.restored')}</p> : (
          <>
            <p className={styles.authText}>{t('moderation.suspended.body')}</p>
            <p className={styles.authText}>{t('moderation.suspended.retention', { days: SUSPENSION_RETENTION_DAYS })}</p>
          </>
        )}
        {token === null ? <p className={styles.authText}>{t('moderation.suspended.noToken')}</p> : null}
        {expired ? <p className={styles.authText} role="alert">{t('moderation.suspended.expired')}</p> : null}
        {token !== null && strikes.isPending ? <Skeletons count={1} /> : null}
        {strikes.isError && !expired && !strikes.data ? <LoadFailed onRetry={() => void strikes.refetch()} /> : null}
        {ordered.length > 0 && !restored ? (
          <ul className={styles.list} style={{ gap: 12 }}>
            {ordered.map((strike) => (
              <StrikeCard
                key={strike.id}
                strike={strike}
                onAppeal={async (text) => {
                  await appealStrike(strike.id, text, token);
                  await queryClient.invalidateQueries({ queryKey: strikesKey(token) });
                  showToast({ text: t('moderation.strike.sent') });
                }}
              />
            ))}
          </ul>
        ) : null}
        {token === null || expired || restored ? (
          <Link to="/accounts/login/" className={buttonClass('primary', true)}>{t('moderation.suspended.logIn')}</Link>
        ) : null}
      </section>
    </div>
  );
}
