import { useState } from 'react';
import type { AdminAppeal } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadMore } from '../../ui/load-more';
import { useToast } from '../../state/toast/toast-context';
import { decideAppeal, useAppeals, useRefreshModeration } from '../../state/queries/moderation';
import { ActionDialog } from './action-dialog';
import { AdminFrame } from './admin-frame';
import { AccountLine, LoadFailed, Skeletons, ThingPreview } from './bits';
import { StrikeSummary } from './strike-summary';
import styles from './moderation.module.css';

/** Appeals waiting for a decision first: the strike, what its owner wrote, Accept or Reject. */
export function AppealsPage() {
  const t = useT();
  const appeals = useAppeals();
  const list = appeals.data?.pages.flatMap((page) => page.appeals) ?? [];
  return (
    <AdminFrame title={t('moderation.appeals')} error={appeals.error}>
      {appeals.isPending ? <Skeletons count={2} /> : null}
      {appeals.isError && !appeals.data ? <LoadFailed onRetry={() => void appeals.refetch()} /> : null}
      {appeals.data && list.length === 0 ? <EmptyState icon="shield" title={t('moderation.appeals.empty')} body={t('moderation.appeals.emptyBody')} /> : null}
      {list.length > 0 ? (
        <ul className={styles.grid}>
          {list.map((appeal) => <AppealCard key={appeal.strike.id} appeal={appeal} />)}
        </ul>
      ) : null}
      <LoadMore query={appeals} />
    </AdminFrame>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const t = useT();
  const { showToast } = useToast();
  const refresh = useRefreshModeration();
  const [asking, setAsking] = useState<'accept' | 'reject' | null>(null);
  const { strike, account } = appeal;
  const pending = strike.appeal?.state === 'pending';
  return (
    <li className={styles.card} aria-label={t('moderation.appeals.text', { username: account.username })}>
      <AccountLine account={account} />
      {strike.thing ? <ThingPreview thing={strike.thing} /> : null}
      <div className={styles.thingBody}><StrikeSummary strike={strike} withThing={false} /></div>
      {strike.appeal ? (
        <div className={styles.thingBody}>
          <span className={styles.meta}>{t('moderation.appeals.text', { username: account.username })}</span>
          <p className={styles.appealText}>{strike.appeal.text}</p>
        </div>
      ) : null}
      {pending ? (
        <div className={styles.row}>
          <Button onClick={() => setAsking('accept')}>{t('moderation.appeals.accept')}</Button>
          <Button variant="secondary" onClick={() => setAsking('reject')}>{t('moderation.appeals.reject')}</Button>
        </div>
      ) : null}
      {asking ? (
        <ActionDialog
          title={t(asking === 'accept' ? 'moderation.appeals.accept' : 'moderation.appeals.reject')}
          body={t(asking === 'accept' ? 'moderation.appeals.confirmAccept' : 'moderation.appeals.confirmReject', { username: account.username })}
          confirmText={t(asking === 'accept' ? 'moderation.appeals.accept' : 'moderation.appeals.reject')}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            await decideAppeal(strike.id, asking);
            await refresh();
            setAsking(null);
            showToast({ text: t(asking === 'accept' ? 'moderation.appeals.accepted' : 'moderation.appeals.rejected') });
          }}
        />
      ) : null}
    </li>
  );
}
