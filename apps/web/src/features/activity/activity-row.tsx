import { Link } from 'react-router';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { PostTime } from '../posts/post-time';
import type { ActivityStory, ActivityType } from './activity-api';
import styles from './activity.module.css';

const WORDING: Record<ActivityType, MessageId> = {
  like: 'account.activity.like',
  comment: 'account.activity.comment',
  comment_like: 'account.activity.commentLike',
  mention: 'account.activity.mention',
  follow: 'account.activity.follow',
  follow_request: 'account.activity.followRequest',
  usertag: 'account.activity.usertag',
};

/** "alice liked your photo." with who, when, and the post's thumbnail when there is one. */
export function ActivityRow({ story, onNavigate }: { story: ActivityStory; onNavigate?: () => void }) {
  const t = useT();
  const profile = `/${story.user.username}/`;
  return (
    <li className={styles.row}>
      <Link to={profile} tabIndex={-1} aria-hidden="true" onClick={onNavigate}>
        <Avatar src={story.user.profile_pic_url} alt="" size={44} />
      </Link>
      <p className={styles.story}>
        <Link to={profile} className={styles.username} onClick={onNavigate}>
          {story.user.username}
        </Link>{' '}
        {t(WORDING[story.type], { text: story.text ?? '' })} <PostTime seconds={story.timestamp} className={styles.time} />
      </p>
      {story.media ? (
        <Link to={`/p/${story.media.shortcode}/`} className={styles.thumb} onClick={onNavigate}>
          <img src={story.media.thumbnail_src} alt={t('account.activity.post')} width={44} height={44} loading="lazy" decoding="async" />
        </Link>
      ) : null}
    </li>
  );
}
