import { useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/modal';
import { useFriendshipAction, useRelationship } from '../../state/queries/friendships';
import type { FollowTarget } from '../../state/queries/relationship';
import styles from './friendships.module.css';

interface FollowButtonProps {
  user: FollowTarget;
  /** The smaller variant of list rows. */
  compact?: boolean;
}

/**
 * Follow → Following (or Requested for a private account); Following asks before unfollowing,
 * Requested withdraws the request at once, Unblock lifts the viewer's block.
 */
export function FollowButton({ user, compact }: FollowButtonProps) {
  const t = useT();
  const relationship = useRelationship(user);
  const { run } = useFriendshipAction(user);
  const [confirming, setConfirming] = useState(false);
  const className = compact ? styles.compact : styles.follow;

  if (relationship === 'blocked')
    return (
      <Button variant="secondary" className={className} onClick={() => run('unblock')}>
        {t('graph.unblock')}
      </Button>
    );
  if (relationship === 'requested')
    return (
      <Button variant="secondary" className={className} onClick={() => run('unfollow')} title={t('graph.withdrawHint')}>
        {t('graph.requested')}
      </Button>
    );
  if (relationship === 'none')
    return (
      <Button className={className} onClick={() => run('follow')}>
        {t(user.follows_viewer ? 'graph.followBack' : 'graph.follow')}
      </Button>
    );
  return (
    <>
      <Button variant="secondary" className={className} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        {t('graph.following')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('graph.unfollowTitle', { username: user.username })}
        body={t(user.is_private ? 'graph.unfollowPrivateBody' : 'graph.unfollowBody', { username: user.username })}
        confirmText={t('graph.unfollow')}
        cancelText={t('graph.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run('unfollow');
        }}
      />
    </>
  );
}
