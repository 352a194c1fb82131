import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { FollowButton } from '../friendships/follow-button';
import { DismissButton } from './dismiss-button';
import { COLUMN_LIMIT } from './suggested-users';
import { SuggestionContext } from './suggestion-context';
import { useDismissSuggestion, useSuggestedUsers } from './suggestions-api';
import styles from './suggestions.module.css';

/** The desktop home's side list: the first few suggestions and "See all" (desktop feed fallback count). */
export function SuggestionsColumn() {
  const t = useT();
  const titleId = useId();
  const { dismiss, visible } = useDismissSuggestion('feed');
  const state = visible(useSuggestedUsers('desktopFeed'));
  if (state.status !== 'loaded') return null;
  return (
    <section className={styles.column} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t('account.suggestions.title')}
        </h2>
        <Link to="/explore/people/" className={styles.seeAll}>
          {t('account.suggestions.seeAll')}
        </Link>
      </div>
      <ul className={styles.rows}>
        {state.items.slice(0, COLUMN_LIMIT).map((suggestion) => (
          <li key={suggestion.user.id} className={styles.row}>
            <Link to={`/${suggestion.user.username}/`} tabIndex={-1} aria-hidden="true">
              <Avatar src={suggestion.user.profile_pic_url} alt="" size={32} />
            </Link>
            <span className={styles.text}>
              <Link to={`/${suggestion.user.username}/`} className={styles.username}>
                {suggestion.user.username}
              </Link>
              <SuggestionContext suggestion={suggestion} className={styles.context} />
            </span>
            <FollowButton user={suggestion.user} compact />
            <DismissButton username={suggestion.user.username} onDismiss={() => void dismiss(suggestion)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
