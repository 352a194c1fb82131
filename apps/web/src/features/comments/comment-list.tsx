import { useState } from 'react';
import { Link } from 'react-router';
import type { CommentNode, MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { captionOf } from '../posts/post-caption';
import { PostTime } from '../posts/post-time';
import { RichText } from '../posts/rich-text';
import { useParentComments } from '../../state/queries/comments';
import { CommentLikesModal } from './comment-likes-modal';
import { CommentThread } from './comment-thread';
import styles from './comments.module.css';

/** The post page's comments: the caption first, then parent comments 24 a page with their replies. */
export function CommentList({ post, onReply }: { post: MediaNode; onReply: (comment: CommentNode) => void }) {
  const t = useT();
  const query = useParentComments(post);
  const [likesOf, setLikesOf] = useState<string | null>(null);
  const seen = new Set<string>();
  const comments = (query.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? []).filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  const caption = captionOf(post);

  return (
    <section aria-label={t('comments.title')}>
      <ul className={styles.list}>
        {caption ? (
          <li className={styles.row}>
            <Link to={`/${post.owner.username}/`} tabIndex={-1} aria-hidden="true" className={styles.rowAvatar}>
              <Avatar src={post.owner.profile_pic_url} alt="" size={32} />
            </Link>
            <div className={styles.rowMain}>
              <p className={styles.text}>
                <Link to={`/${post.owner.username}/`} className={styles.username}>
                  {post.owner.username}
                </Link>{' '}
                <RichText text={caption} />
              </p>
              <div className={styles.meta}>
                <PostTime seconds={post.taken_at_timestamp} />
              </div>
            </div>
          </li>
        ) : null}
        {comments.map((comment) => (
          <CommentThread key={comment.id} post={post} comment={comment} onReply={onReply} onShowLikes={setLikesOf} />
        ))}
      </ul>
      {comments.length === 0 && !caption ? <p className={styles.listState}>{post.comments_disabled ? t('comments.disabled') : t('comments.none')}</p> : null}
      {query.hasNextPage ? (
        <div className={styles.loadMore}>
          {query.isFetchNextPageError ? <p className={styles.error}>{t('lists.failed')}</p> : null}
          <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('comments.loadMore')}
          </Button>
        </div>
      ) : null}
      <CommentLikesModal commentId={likesOf} onClose={() => setLikesOf(null)} />
    </section>
  );
}
