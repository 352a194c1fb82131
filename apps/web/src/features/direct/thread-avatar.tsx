import { Avatar } from '../../ui/avatar';
import { StoryAvatar } from '../stories/story-avatar';
import type { ThreadState } from './direct-types';
import styles from './direct.module.css';

/**
 * One member's picture, with their story ring (opening their reel where `ring` is `reel`; only
 * drawn inside a row's link), or two overlapping for a group (decorative: the title names the thread).
 */
export function ThreadAvatar({ thread, size, ring = 'none' }: { thread: Pick<ThreadState, 'users' | 'is_group' | 'inviter'>; size: number; ring?: 'reel' | 'none' }) {
  const [first, second] = thread.users.length > 0 ? thread.users : [thread.inviter];
  if (!thread.is_group || !second) {
    if (first) return <StoryAvatar user={first} size={size} link={ring} avatarClassName={styles.avatar} />;
    return <Avatar src={undefined} alt="" size={size} className={styles.avatar} />;
  }
  const small = Math.round(size * 0.72);
  return (
    <span className={styles.groupAvatar} style={{ width: size, height: size }} aria-hidden="true">
      <Avatar src={second.profile_pic_url} alt="" size={small} className={styles.groupBack} />
      <Avatar src={first?.profile_pic_url} alt="" size={small} className={styles.groupFront} />
    </span>
  );
}
