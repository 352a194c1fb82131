import styles from './feed.module.css';

/** A grey card in the shape of a post while the first page loads. */
export function FeedSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      <div className={styles.skeletonHeader}>
        <span className={styles.skeletonAvatar} />
        <span className={styles.skeletonLine} />
      </div>
      <div className={styles.skeletonMedia} />
      <div className={styles.skeletonBody}>
        <span className={styles.skeletonLine} />
        <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
      </div>
    </div>
  );
}
