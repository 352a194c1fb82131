import { Link } from 'react-router';
import { StoryAvatar } from '../stories/story-avatar';
import { FollowButton } from '../friendships/follow-button';
import { DismissButton } from './dismiss-button';
import type { Suggestion } from '../../state/queries/suggested-users';
import { SuggestionContext } from './suggestion-context';
import styles from './suggestions.module.css';

/** A horizontal, scrollable row of cards: picture, name, why, Follow, and a dismiss "×". */
export function SuggestionCards({ items, onDismiss }: { items: Suggestion[]; onDismiss: (suggestion: Suggestion) => void }) {
  return (
    <ul className={styles.cards}>
      {items.map((suggestion) => (
        <li key={suggestion.user.id} className={styles.card}>
          <span className={styles.cardDismiss}>
            <DismissButton username={suggestion.user.username} onDismiss={() => onDismiss(suggestion)} />
          </span>
          <StoryAvatar user={suggestion.user} size={64} />
          <Link to={`/${suggestion.user.username}/`} className={styles.username}>
            {suggestion.user.username}
          </Link>
          <SuggestionContext suggestion={suggestion} className={styles.cardContext} />
          <FollowButton user={suggestion.user} compact />
        </li>
      ))}
    </ul>
  );
}
