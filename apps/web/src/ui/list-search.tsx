import { useId } from 'react';
import { useT } from '../lib/i18n/i18n';
import { Icon } from './icon';
import styles from './user-list.module.css';

/** The search box over a list of people: it filters what is loaded, by username or name. */
export function ListSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className={styles.search}>
      <label htmlFor={id} className="visually-hidden">
        {t('lists.search')}
      </label>
      <Icon name="search" size={16} />
      <input id={id} type="search" value={value} placeholder={t('lists.search')} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
