import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { FollowButton } from '../friendships/follow-button';
import { DismissButton } from './dismiss-button';
import type { SuggestionSurface } from './suggested-users';
import { SuggestionContext } from './suggestion-context';
import { useDismissSuggestion, useSuggestedUsers } from './suggestions-api';
import styles from './suggestions.module.css';

/** A horizontal row of suggestion cards (mobile, and the empty feed); hidden once the list failed. */
export function SuggestionsUnit({ surface }: { surface: SuggestionSurface }) {
  const t = useT();
  const titleId = useId();
  const { dismiss, visible } = useDismissSuggestion('feed');
  const state = visible(useSuggestedUsers(surface));
  if (state.status !== 'loaded') return null;
  return (
    <section className={styles.unit} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t('account.suggestions.title')}
        </h2>
        <Link to="/explore/people/" className={styles.seeAll}>
          {t('account.suggestions.seeAll')}
        </Link>
      </div>
      <ul className={styles.cards}>
        {state.items.map((suggestion) => (
          <li key={suggestion.user.id} className={styles.card}>
            <span className={styles.cardDismiss}>
              <DismissButton username={suggestion.user.username} onDismiss={() => void dismiss(suggestion)} />
            </span>
            <Link to={`/${suggestion.user.username}/`} tabIndex={-1} aria-hidden="true">
              <Avatar src={suggestion.user.profile_pic_url} alt="" size={64} />
            </Link>
            <Link to={`/${suggestion.user.username}/`} className={styles.username}>
              {suggestion.user.username}
            </Link>
            <SuggestionContext suggestion={suggestion} className={styles.cardContext} />
            <FollowButton user={suggestion.user} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
