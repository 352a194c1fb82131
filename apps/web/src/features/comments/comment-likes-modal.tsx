import { useT } from '../../lib/i18n/i18n';
import { Modal } from '../../ui/modal';
import { PagedUserList } from '../people/paged-user-list';
import { useRowFollow } from '../friendships/row-follow';
import { useCommentLikes } from '../../state/queries/comments';
import styles from './comments.module.css';

function CommentLikesList({ commentId, onClose }: { commentId: string; onClose: () => void }) {
  const t = useT();
  const query = useCommentLikes(commentId);
  const action = useRowFollow();
  return (
    <div className={styles.modalBody}>
      <PagedUserList query={query} emptyText={t('likedBy.empty')} onNavigate={onClose} action={action} />
    </div>
  );
}

/** The people who liked a comment (spec 002 §2 comment-likes list), 24 a page. */
export function CommentLikesModal({ commentId, onClose }: { commentId: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={!!commentId} onClose={onClose} title={t('likedBy.title')} size="sm">
      {commentId ? <CommentLikesList commentId={commentId} onClose={onClose} /> : null}
    </Modal>
  );
}
