import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  body?: string;
  /** The heading level: 1 when the empty state is the page itself. */
  level?: 1 | 2;
  badge?: string;
  children?: ReactNode;
}

/** A designed empty or "coming soon" screen: ring icon, title, one sentence, optional actions. */
export function EmptyState({ icon, title, body, level = 2, badge, children }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.empty}>
      <span className={styles.ring}>
        <Icon name={icon} size={40} strokeWidth={1.5} />
      </span>
      {badge ? <span className={styles.badge}>{badge}</span> : null}
      <Heading className={styles.title}>{title}</Heading>
      {body ? <p className={styles.body}>{body}</p> : null}
      {children ? <div className={styles.actions}>{children}</div> : null}
    </div>
  );
}
