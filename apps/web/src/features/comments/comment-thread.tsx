import { useState } from 'react';
import { CHILD_COMMENTS_SHOWN, type CommentNode, type MediaNode } from '@shutter/contract';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { useChildComments } from '../../state/queries/comments';
import { CommentRow } from './comment-row';
import styles from './comments.module.css';

interface CommentThreadProps {
  post: MediaNode;
  comment: CommentNode;
  onReply: (comment: CommentNode) => void;
  onShowLikes: (commentId: string) => void;
}

/** A parent comment with up to 3 replies shown, and "View replies (N)" for the rest. */
export function CommentThread({ post, comment, onReply, onShowLikes }: CommentThreadProps) {
  const { t, locale } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const children = useChildComments(comment, expanded);
  const thread = comment.edge_threaded_comments;
  const first = thread?.edges.map((edge) => edge.node) ?? [];
  const shownFirst = expanded ? first : first.slice(0, CHILD_COMMENTS_SHOWN);
  const more = children.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];
  const seen = new Set<string>();
  const replies = [...shownFirst, ...more].filter((reply) => (seen.has(reply.id) ? false : (seen.add(reply.id), true)));
  const remaining = Math.max(0, (thread?.count ?? 0) - replies.length);
  const canLoad = expanded ? children.hasNextPage || (children.status === 'pending' && remaining > 0) : remaining > 0;
  const replyTo = (target: CommentNode) => onReply({ ...target, id: comment.id, owner: target.owner });

  return (
    <CommentRow post={post} comment={comment} onReply={onReply} onShowLikes={onShowLikes}>
      {replies.length > 0 ? (
        <ul className={styles.replies} aria-label={t('comments.repliesTo', { username: comment.owner.username })}>
          {replies.map((reply) => (
            <CommentRow key={reply.id} post={post} comment={reply} onReply={replyTo} onShowLikes={onShowLikes} />
          ))}
        </ul>
      ) : null}
      {canLoad && remaining > 0 ? (
        <button
          type="button"
          className={styles.viewReplies}
          aria-busy={children.isFetching || undefined}
          onClick={() => (expanded ? void children.fetchNextPage() : setExpanded(true))}
        >
          {t('comments.viewReplies', { count: numberFormat(locale).format(remaining) })}
        </button>
      ) : null}
      {children.isError ? <p className={styles.error}>{t('lists.failed')}</p> : null}
    </CommentRow>
  );
}
