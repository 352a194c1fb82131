import { Link } from 'react-router';
import type { UserSummary } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import type { FollowRequestState } from '../../state/queries/follow-request-reducer';
import styles from './activity.module.css';

interface FollowRequestRowProps {
  user: UserSummary;
  state: FollowRequestState;
  onConfirm: () => void;
  onDelete: () => void;
}

/** One request: who asked, and Confirm / Delete while it is undecided. */
export function FollowRequestRow({ user, state, onConfirm, onDelete }: FollowRequestRowProps) {
  const t = useT();
  const busy = state === 'approving' || state === 'ignoring';
  return (
    <li className={styles.row}>
      <Link to={`/${user.username}/`} tabIndex={-1} aria-hidden="true">
        <Avatar src={user.profile_pic_url} alt="" size={44} />
      </Link>
      <span className={styles.text}>
        <Link to={`/${user.username}/`} className={styles.username}>
          {user.username}
        </Link>
        {user.full_name ? <span className={styles.fullName}>{user.full_name}</span> : null}
      </span>
      {state === 'approved' ? (
        <span className={styles.approved} role="status">
          {t('graph.requestApproved')}
        </span>
      ) : (
        <span className={styles.actions}>
          <Button busy={state === 'approving'} disabled={busy} onClick={onConfirm}>
            {t('graph.confirm')}
          </Button>
          <Button variant="secondary" busy={state === 'ignoring'} disabled={busy} onClick={onDelete}>
            {t('graph.delete')}
          </Button>
        </span>
      )}
    </li>
  );
}
