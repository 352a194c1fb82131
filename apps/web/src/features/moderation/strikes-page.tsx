import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { useToast } from '../../state/toast/toast-context';
import { appealStrike, strikesKey, useStrikes } from '../../state/queries/moderation';
import { LoadFailed, Skeletons } from './bits';
import { StrikeCard } from './strike-card';
import styles from './moderation.module.css';

/** The viewer's strikes: what was done, under which rule, and the review each may get once. */
export function StrikesPage() {
  const t = useT();
  useDocumentTitle(t('moderation.strikes.title'));
  const strikes = useStrikes(null);
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const list = strikes.data?.strikes ?? [];
  return (
    <div className={`${styles.page} ${styles.centered}`}>
      <h1 className={styles.heading}>{t('moderation.strikes.title')}</h1>
      <p className={styles.lead}>{t('moderation.strikes.lead')}</p>
      {strikes.isPending ? <Skeletons count={2} /> : null}
      {strikes.isError && !strikes.data ? <LoadFailed onRetry={() => void strikes.refetch()} /> : null}
      {strikes.data && list.length === 0 ? <EmptyState icon="check" title={t('moderation.strikes.empty')} body={t('moderation.strikes.emptyBody')} /> : null}
      {list.length > 0 ? (
        <ul className={styles.list} style={{ gap: 12 }}>
          {list.map((strike) => (
            <StrikeCard
              key={strike.id}
              strike={strike}
              onAppeal={async (text) => {
                await appealStrike(strike.id, text, null);
                await queryClient.invalidateQueries({ queryKey: strikesKey(null) });
                showToast({ text: t('moderation.strike.sent') });
              }}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
