import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { HighlightResult } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { highlightPath, useHighlights } from '../../state/queries/highlights';
import styles from './highlights.module.css';

const EditHighlightDialog = lazy(async () => ({ default: (await import('./edit-highlight-dialog')).EditHighlightDialog }));

/**
 * The circles under a profile's header: each highlight opens in the story viewer; its owner gets a
 * "New" circle (to the archive) and an edit button on each. Scrolls sideways when they overflow.
 */
export function HighlightsRow({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const { t } = useI18n();
  const query = useHighlights(userId);
  const [editing, setEditing] = useState<HighlightResult | null>(null);
  const highlights = query.data ?? [];
  if (!isOwner && highlights.length === 0) return null;
  return (
    <section className={styles.row} aria-label={t('highlights.rowLabel')}>
      <ul className={styles.circles}>
        {query.isPending
          ? [0, 1, 2].map((i) => (
              <li key={i} className={styles.circleItem} aria-hidden="true">
                <span className={`${styles.circle} ${styles.circleLoading}`} />
              </li>
            ))
          : highlights.map((h) => (
              <li key={h.id} className={styles.circleItem}>
                <Link to={highlightPath(h)} className={styles.circleLink}>
                  <span className={styles.circle}>{h.cover_url ? <img src={h.cover_url} alt="" className={styles.circleImage} /> : null}</span>
                  <span className={styles.circleTitle}>{h.title}</span>
                </Link>
                {isOwner ? (
                  <button type="button" className={styles.circleEdit} aria-label={t('highlights.editNamed', { title: h.title })} onClick={() => setEditing(h)}>
                    <Icon name="more" size={16} />
                  </button>
                ) : null}
              </li>
            ))}
        {isOwner ? (
          <li className={styles.circleItem}>
            <Link to="/archive/stories/" className={styles.circleLink} aria-label={t('highlights.newHighlight')}>
              <span className={`${styles.circle} ${styles.circleNew}`}>
                <Icon name="plus" size={28} strokeWidth={1.5} />
              </span>
              <span className={styles.circleTitle} aria-hidden="true">
                {t('highlights.new')}
              </span>
            </Link>
          </li>
        ) : null}
      </ul>
      {editing ? (
        <Suspense fallback={null}>
          <EditHighlightDialog ownerId={userId} highlight={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
