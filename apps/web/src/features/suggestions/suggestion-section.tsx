import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import styles from './suggestions.module.css';

/** A titled block of suggestions with its "See all" link; the feed's unit and column, a profile's similar accounts. */
export function SuggestionSection({ title, seeAll, className, children }: { title: string; seeAll: string; className?: string; children: ReactNode }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <Link to={seeAll} className={styles.seeAll}>
          {t('account.suggestions.seeAll')}
        </Link>
      </div>
      {children}
    </section>
  );
}
