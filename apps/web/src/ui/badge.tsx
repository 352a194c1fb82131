import { badgeText } from './badge-text';
import styles from './badge.module.css';

/** A count bubble on an icon. Decorative: the control's accessible name states the count. */
export function Badge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {text}
    </span>
  );
}
