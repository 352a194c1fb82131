import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CommentNode, MediaNode } from '@shutter/contract';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { ConfirmDialog } from '../../ui/modal';
import { useRequireLogin } from '../../state/require-login';
import { PostTime } from '../posts/post-time';
import { RichText } from '../posts/rich-text';
import { useDeleteComment, useLikeComment, useCommentView } from '../../state/queries/comments';
import { ReportDialogHost, useCanReport, type ReportTarget } from '../reports/report-entry';
import styles from './comments.module.css';

interface CommentRowProps {
  post: MediaNode;
  comment: CommentNode;
  onReply: (comment: CommentNode) => void;
  onShowLikes: (commentId: string) => void;
  children?: ReactNode;
}

/** One comment: text, time, likes, Reply, Report (others' comments), Delete (author or post owner) and its like heart. */
export function CommentRow({ post, comment, onReply, onShowLikes, children }: CommentRowProps) {
  const { t, locale } = useI18n();
  const view = useCommentView(comment);
  const toggleLike = useLikeComment(comment, view);
  const requireLogin = useRequireLogin('likes');
  const { remove, busy } = useDeleteComment(post, comment);
  const [confirming, setConfirming] = useState(false);
  const canReport = useCanReport('comment', comment.owner.id);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  if (view.deleted) return null;
  const likes = numberFormat(locale).format(view.likeCount);
  return (
    <li className={styles.row}>
      <Link to={`/${comment.owner.username}/`} tabIndex={-1} aria-hidden="true" className={styles.rowAvatar}>
        <Avatar src={comment.owner.profile_pic_url} alt="" size={32} />
      </Link>
      <div className={styles.rowMain}>
        <p className={styles.text}>
          <Link to={`/${comment.owner.username}/`} className={styles.username}>
            {comment.owner.username}
          </Link>{' '}
          <RichText text={comment.text} />
        </p>
        <div className={styles.meta}>
          <PostTime seconds={comment.created_at} />
          {view.likeCount > 0 ? (
            <button type="button" className={styles.metaButton} onClick={() => onShowLikes(comment.id)}>
              {t(view.likeCount === 1 ? 'comments.likesOne' : 'comments.likesMany', { count: likes })}
            </button>
          ) : null}
          <button type="button" className={styles.metaButton} onClick={() => requireLogin() && onReply(comment)}>
            {t('comments.reply')}
          </button>
          {canReport ? (
            <button
              type="button"
              className={styles.metaButton}
              onClick={() => setReporting({ objectType: 'comment', objectId: comment.id, owner: comment.owner })}
              aria-label={t('reports.commentLabel', { username: comment.owner.username })}
            >
              {t('reports.menuItem')}
            </button>
          ) : null}
          {comment.viewer_can_delete || post.viewer_can_delete ? (
            <button type="button" className={styles.metaButton} onClick={() => setConfirming(true)} disabled={busy} aria-label={t('comments.deleteLabel', { username: comment.owner.username })}>
              {t('comments.delete')}
            </button>
          ) : null}
        </div>
        {children}
      </div>
      <button
        type="button"
        className={`${styles.heart} ${view.liked ? styles.heartOn : ''}`}
        aria-label={view.liked ? t('comments.unlike') : t('comments.like')}
        aria-pressed={view.liked}
        onClick={() => requireLogin() && toggleLike()}
      >
        <Icon name="heart" size={14} filled={view.liked} />
      </button>
      <ReportDialogHost target={reporting} onClose={() => setReporting(null)} />
      <ConfirmDialog
        open={confirming}
        title={t('comments.deleteTitle')}
        body={t('comments.deleteBody')}
        confirmText={t('post.delete')}
        cancelText={t('post.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove();
        }}
      />
    </li>
  );
}
