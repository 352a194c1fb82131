import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import type { FeedNode } from '../../state/queries/feed';
import { hashtagPagePath } from '../../state/queries/hashtags';
import styles from './followed-hashtag-label.module.css';

/** Above a feed card that came through a followed hashtag (not a followed account): which one. */
export function FollowedHashtagLabel({ post }: { post: MediaNode }) {
  const t = useT();
  const tag = (post as FeedNode).followed_hashtag;
  if (!tag) return null;
  return (
    <Link className={styles.label} to={hashtagPagePath(tag)} aria-label={t('hashtag.followedLabel', { name: tag })}>
      <span aria-hidden="true" className={styles.mark}>#</span>
      <span>{tag}</span>
    </Link>
  );
}
