import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { useMediaQuery, MOBILE_QUERY } from '../../lib/use-media-query';
import { StoryAvatar } from '../stories/story-avatar';
import { ringAvatarSize } from '../../ui/story-ring-state';
import { Icon } from '../../ui/icon';
import { PostMenu } from './post-menu';
import styles from './post-card.module.css';

/** Avatar, username, location and the "•••" menu. */
export function PostHeader({ post, onDeleted, onPostPage }: { post: MediaNode; onDeleted?: () => void; onPostPage?: boolean }) {
  const t = useT();
  const { owner, location } = post;
  const phone = useMediaQuery(MOBILE_QUERY);
  const ringed = Boolean(owner.reel);
  return (
    <header className={styles.header}>
      <StoryAvatar user={owner} size={ringed ? ringAvatarSize(!phone) : 32} className={styles.headerAvatar} />
      <div className={styles.headerText}>
        <span className={styles.ownerLine}>
          <Link to={`/${owner.username}/`} className={styles.username}>
            {owner.username}
          </Link>
          {owner.is_verified ? (
            <span className={styles.verified} role="img" aria-label={t('post.verified')}>
              <Icon name="check" size={14} filled />
            </span>
          ) : null}
        </span>
        {location ? (
          <Link to={`/explore/locations/${location.id}/${location.slug}/`} className={styles.location}>
            {location.name}
          </Link>
        ) : null}
      </div>
      <PostMenu post={post} onDeleted={onDeleted} showGoToPost={!onPostPage} />
    </header>
  );
}
