import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FEED_IMAGE_SIZES, FEED_PREVIEW_COMMENTS, type CommentNode, type MediaNode } from '@shutter/contract';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { useSession } from '../../state/session';
import { AddComment } from '../comments/add-comment';
import { useAddComment } from '../../state/queries/comments';
import { LikesLine } from './likes-line';
import { useLikePost, useSavePost, usePostView } from '../../state/queries/post';
import { useRequireLogin } from '../../state/require-login';
import { PostActionBar } from './post-action-bar';
import { PostCaption } from './post-caption';
import { PostHeader } from './post-header';
import { PostMedia } from './post-media';
import { PostTime } from './post-time';
import { RichText } from './rich-text';
import { usePostShare } from './use-post-share';
import { SpamDialog } from '../../ui/spam-dialog';
import styles from './post-card.module.css';


/** A post in the feed: header, media, actions, likes, caption, first comments, time, comment box. */
export function PostCard({ post, priority, above }: { post: MediaNode; priority?: boolean; above?: ReactNode }) {
  const { t, locale } = useI18n();
  const { viewer } = useSession();
  const view = usePostView(post);
  const like = useLikePost(post, view);
  const save = useSavePost(post, view);
  const requireLogin = useRequireLogin('comments');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [added, setAdded] = useState<CommentNode[]>([]);
  const comments = useAddComment(post, (comment) => setAdded((list) => [...list, comment]));
  const share = usePostShare(post);
  if (view.deleted) return null;

  const thread = post.edge_media_to_parent_comment;
  const preview = [...thread.edges.slice(0, FEED_PREVIEW_COMMENTS).map((edge) => edge.node), ...added];
  const hidden = thread.count - Math.min(thread.edges.length, FEED_PREVIEW_COMMENTS);
  const onComment = () => {
    if (requireLogin()) inputRef.current?.focus();
  };

  return (
    <article className={styles.card} aria-label={t('post.by', { username: post.owner.username })}>
      {above}
      <PostHeader post={post} />
      <PostMedia post={post} sizes={FEED_IMAGE_SIZES} priority={priority} onDoubleTap={like.like} />
      <div className={styles.body}>
        <PostActionBar view={view} onLike={like.toggle} onComment={onComment} onShare={share.onShare} onSave={save.toggle} />
        <LikesLine post={post} view={view} />
        <PostCaption post={post} />
        {hidden > 0 ? (
          <Link to={`/p/${post.shortcode}/`} className={styles.viewAll}>
            {t('post.viewAll', { count: numberFormat(locale).format(thread.count) })}
          </Link>
        ) : null}
        {preview.length > 0 ? (
          <ul className={styles.previewComments} aria-label={t('comments.title')}>
            {preview.map((comment) => (
              <li key={comment.id}>
                <Link to={`/${comment.owner.username}/`} className={styles.strongLink}>
                  {comment.owner.username}
                </Link>{' '}
                <RichText text={comment.text} />
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={`/p/${post.shortcode}/`} className={styles.timeLink}>
          <PostTime seconds={post.taken_at_timestamp} />
        </Link>
      </div>
      {viewer && !post.comments_disabled ? (
        <div className={styles.cardComment}>
          <AddComment pending={comments.pending} dispatch={comments.dispatch} submit={comments.submit} inputRef={inputRef} />
        </div>
      ) : null}
      <SpamDialog feedback={like.spam} onClose={like.closeSpam} />
      {share.dialog}
    </article>
  );
}
