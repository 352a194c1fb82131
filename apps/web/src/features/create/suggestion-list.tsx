import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import styles from './details.module.css';

export interface Suggestion {
  key: string;
  primary: string;
  secondary?: string;
  /** Present for people (their picture); absent for hashtags. */
  avatar?: string | null;
  /** What stands in for a picture when there is none: `#` for hashtags, a pin for places. */
  mark?: ReactNode;
}

interface SuggestionListProps {
  id: string;
  items: Suggestion[];
  active: number;
  loading: boolean;
  onPick: (index: number) => void;
  onHover: (index: number) => void;
}

/** The listbox under a field; mouse-down keeps the focus in the field while picking. */
export function SuggestionList({ id, items, active, loading, onPick, onHover }: SuggestionListProps) {
  const t = useT();
  return (
    <div className={styles.popup}>
      {items.length ? (
      <ul id={id} role="listbox" aria-label={t('create.suggest.list')} className={styles.listbox}>
        {items.map((item, index) => (
          <li
            key={item.key}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onPick(index)}
          >
            {item.avatar !== undefined ? <Avatar src={item.avatar} alt="" size={32} /> : <span className={styles.hash} aria-hidden="true">{item.mark ?? '#'}</span>}
            <span className={styles.optionText}>
              <span className={styles.optionPrimary}>{item.primary}</span>
              {item.secondary ? <span className={styles.optionSecondary}>{item.secondary}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      ) : (
        <p className={styles.optionEmpty} role="status">
          {loading ? t('create.suggest.loading') : t('create.suggest.none')}
        </p>
      )}
    </div>
  );
}
