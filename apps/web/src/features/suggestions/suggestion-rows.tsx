import { Link } from 'react-router';
import { StoryAvatar } from '../stories/story-avatar';
import { FollowButton } from '../friendships/follow-button';
import { DismissButton } from './dismiss-button';
import type { Suggestion } from '../../state/queries/suggested-users';
import { SuggestionContext } from './suggestion-context';
import styles from './suggestions.module.css';

/** Rows of suggestions: picture, name, why, Follow and a dismiss "×"; the side column and the full lists. */
export function SuggestionRows({ items, onDismiss, avatarSize = 32 }: { items: Suggestion[]; onDismiss: (suggestion: Suggestion) => void; avatarSize?: number }) {
  return (
    <ul className={styles.rows}>
      {items.map((suggestion) => (
        <li key={suggestion.user.id} className={styles.row}>
          <StoryAvatar user={suggestion.user} size={avatarSize} />
          <span className={styles.text}>
            <Link to={`/${suggestion.user.username}/`} className={styles.username}>
              {suggestion.user.username}
            </Link>
            {avatarSize > 32 && suggestion.user.full_name ? <span className={styles.context}>{suggestion.user.full_name}</span> : null}
            <SuggestionContext suggestion={suggestion} className={styles.context} />
          </span>
          <FollowButton user={suggestion.user} compact />
          <DismissButton username={suggestion.user.username} onDismiss={() => onDismiss(suggestion)} />
        </li>
      ))}
    </ul>
  );
}
