import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import styles from './suggestions.module.css';

/** The "×" that stops suggesting this account; its name says whom it dismisses. */
export function DismissButton({ username, onDismiss }: { username: string; onDismiss: () => void }) {
  const t = useT();
  return (
    <button type="button" className={styles.dismiss} aria-label={t('account.suggestions.dismiss', { username })} onClick={onDismiss}>
      <Icon name="close" size={16} />
    </button>
  );
}
