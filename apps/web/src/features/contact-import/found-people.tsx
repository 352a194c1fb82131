import { Link } from 'react-router';
import type { ListedUser } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useDismissSuggestion } from '../../state/queries/suggestions';
import { FollowButton } from '../friendships/follow-button';
import { SuggestionCards } from '../suggestions/suggestion-cards';
import type { RelatedState } from './contact-sync-reducer';
import styles from './contact-import.module.css';

interface FoundPeopleProps {
  users: ListedUser[];
  related: Record<string, RelatedState>;
  onRelated: (user: ListedUser) => void;
}

/** People found from contacts, each with a Follow button and, when asked, profiles related to them. */
export function FoundPeople({ users, related, onRelated }: FoundPeopleProps) {
  return (
    <ul className={styles.people}>
      {users.map((user) => (
        <FoundPerson key={user.id} user={user} related={related[user.id]} onRelated={() => onRelated(user)} />
      ))}
    </ul>
  );
}

function FoundPerson({ user, related, onRelated }: { user: ListedUser; related: RelatedState | undefined; onRelated: () => void }) {
  const t = useT();
  return (
    <li className={styles.person}>
      <div className={styles.personRow}>
        <Avatar src={user.profile_pic_url} alt="" size={44} />
        <span className={styles.personText}>
          <Link to={`/${user.username}/`} className={styles.username}>{user.username}</Link>
          {user.full_name ? <span className={styles.muted}>{user.full_name}</span> : null}
        </span>
        <FollowButton user={user} compact />
      </div>
      {related ? <Related username={user.username} related={related} onRetry={onRelated} /> : (
        <Button variant="link" className={styles.relatedToggle} onClick={onRelated}>{t('contactImport.related', { username: user.username })}</Button>
      )}
    </li>
  );
}

function Related({ username, related, onRetry }: { username: string; related: RelatedState; onRetry: () => void }) {
  const t = useT();
  const { dismiss } = useDismissSuggestion('chaining');
  if (related.status === 'loading') return <Spinner size={20} label={t('app.loading')} />;
  if (related.status === 'failed')
    return (
      <p className={styles.relatedFailed} role="alert">
        {t('contactImport.relatedFailed', { username })}{' '}
        <Button variant="link" onClick={onRetry}>{t('contactImport.retry')}</Button>
      </p>
    );
  if (related.items.length === 0) return <p className={styles.muted}>{t('contactImport.relatedNone', { username })}</p>;
  return <SuggestionCards items={related.items} onDismiss={(s) => void dismiss(s)} />;
}
