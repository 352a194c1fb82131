import { useT } from '../../lib/i18n/i18n';
import styles from './auth.module.css';

/** Free usernames the service suggested, each a chip that takes it (the one-page and step-by-step signups). */
export function UsernameSuggestions({ suggestions, onPick }: { suggestions: string[]; onPick: (username: string) => void }) {
  const t = useT();
  if (suggestions.length === 0) return null;
  return (
    <div className={styles.suggestions}>
      <p className={styles.suggestionsLabel}>{t('signup.suggestions')}</p>
      <ul className={styles.chips}>
        {suggestions.map((suggestion) => (
          <li key={suggestion}>
            <button type="button" className={styles.chip} aria-label={t('signup.useSuggestion', { username: suggestion })} onClick={() => onPick(suggestion)}>
              {suggestion}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
