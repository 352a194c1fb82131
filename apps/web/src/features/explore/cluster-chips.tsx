import type { ExploreClusterResult } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import styles from './explore.module.css';

/** The topical clusters as a scrollable row of toggle chips; the one shown is pressed. */
export function ClusterChips({ clusters, active, onSelect }: { clusters: ExploreClusterResult[]; active: string | null; onSelect: (cluster: string | null) => void }) {
  const { t } = useI18n();
  return (
    <nav className={styles.chipsBar} aria-label={t('explore.clusters')}>
      <ul className={styles.chips}>
        <li>
          <button type="button" className={styles.chip} aria-pressed={active === null} onClick={() => onSelect(null)}>
            {t('explore.all')}
          </button>
        </li>
        {clusters.map((c) => (
          <li key={c.id}>
            <button type="button" className={`${styles.chip} ${c.is_muted ? styles.muted : ''}`} aria-pressed={active === c.name} onClick={() => onSelect(c.name)} title={c.labels.map((l) => `#${l}`).join(' ')}>
              #{c.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
