import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { PostMenu } from './post-menu';
import styles from './post-card.module.css';

/** Avatar, username, location and the "•••" menu. */
export function PostHeader({ post, onDeleted, onPostPage }: { post: MediaNode; onDeleted?: () => void; onPostPage?: boolean }) {
  const t = useT();
  const { owner, location } = post;
  return (
    <header className={styles.header}>
      <Link to={`/${owner.username}/`} tabIndex={-1} aria-hidden="true" className={styles.headerAvatar}>
        <Avatar src={owner.profile_pic_url} alt="" size={32} />
      </Link>
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
