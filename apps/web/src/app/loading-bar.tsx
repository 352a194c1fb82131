import { useIsFetching } from '@tanstack/react-query';
import { useT } from '../lib/i18n/i18n';
import { PAGE_DATA_KEY } from '../lib/page-data';
import { usePendingLoads } from './loading-signal';
import styles from './loading-bar.module.css';

/** Spec 002 §2: a loading bar at the top while a route chunk or its page data loads. */
export function LoadingBar() {
  const fetching = useIsFetching({ queryKey: [PAGE_DATA_KEY] });
  const pending = usePendingLoads();
  const active = fetching > 0 || pending > 0;
  return <LoadingBarView active={active} />;
}

export function LoadingBarView({ active }: { active: boolean }) {
  const t = useT();
  if (!active) return null;
  return (
    <div className={styles.bar} role="progressbar" aria-label={t('app.loading')}>
      <span className={styles.fill} />
    </div>
  );
}
