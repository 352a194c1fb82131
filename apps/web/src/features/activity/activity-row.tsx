import { Link } from 'react-router';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { StoryAvatar } from '../stories/story-avatar';
import { PostTime } from '../posts/post-time';
import type { UserSummary } from '@shutter/contract';
import type { ActivityStory, ActivityType, NoticeType } from '../../state/queries/activity';
import { NoticeRow } from './notice-row';
import { TagReviewActions } from './tag-review-actions';
import styles from './activity.module.css';

const WORDING: Record<Exclude<ActivityType, NoticeType>, MessageId> = {
  like: 'account.activity.like',
  comment: 'account.activity.comment',
  comment_like: 'account.activity.commentLike',
  mention: 'account.activity.mention',
  follow: 'account.activity.follow',
  follow_request: 'account.activity.followRequest',
  usertag: 'account.activity.usertag',
  story_mention: 'account.activity.storyMention',
};

/**
 * "alice liked your photo." with who, when, and the post's thumbnail when there is one. Likes of
 * one post come as one line: "alice and bob liked…", "alice, bob and 18 others liked…".
 */
export function ActivityRow({ story, others = [], onNavigate }: { story: ActivityStory; others?: UserSummary[]; onNavigate?: () => void }) {
  const t = useT();
  const type = story.type;
  if (type === 'strike' || type === 'report_reviewed' || type === 'appeal_decided') return <NoticeRow story={story} onNavigate={onNavigate} />;
  const storyPath = story.story ? `/stories/${story.user.username}/${story.story.id}/` : null;
  const second = others[0];
  // A tag waiting for the viewer's review says so, with Approve and Remove below it.
  const taggedPost = story.type === 'usertag' && story.media ? { ...story, media: story.media } : null;
  const wording: MessageId = taggedPost?.tag_status === 'pending' ? 'post.tags.waiting' : WORDING[type];
  const more = others.length - 1;
  const name = (user: UserSummary) => (
    <Link to={`/${user.username}/`} className={styles.username} onClick={onNavigate}>
      {user.username}
    </Link>
  );
  return (
    <li className={styles.row}>
      <StoryAvatar user={story.user} size={44} onNavigate={onNavigate} />
      <p className={styles.story}>
        {name(story.user)}
        {second && more <= 0 ? <> {t('account.activity.and')} {name(second)}</> : null}
        {second && more > 0 ? <>, {name(second)} {t(more === 1 ? 'account.activity.andOneOther' : 'account.activity.andOthers', { count: more })}</> : null}{' '}
        {storyPath ? (
          <Link to={storyPath} className={styles.storyLink} onClick={onNavigate}>{t(wording, { text: story.text ?? '' })}</Link>
        ) : t(wording, { text: story.text ?? '' })}{' '}
        <PostTime seconds={story.timestamp} className={styles.time} />
        {taggedPost ? <TagReviewActions story={taggedPost} /> : null}
      </p>
      {story.media ? (
        <Link to={`/p/${story.media.shortcode}/`} className={styles.thumb} onClick={onNavigate}>
          <img src={story.media.thumbnail_src} alt={t('account.activity.post')} width={44} height={44} loading="lazy" decoding="async" />
        </Link>
      ) : null}
      {storyPath && story.story?.thumbnail_src ? (
        <Link to={storyPath} className={styles.storyThumb} onClick={onNavigate}>
          <img src={story.story.thumbnail_src} alt={t('account.activity.story')} width={27} height={48} loading="lazy" decoding="async" />
        </Link>
      ) : null}
    </li>
  );
}
