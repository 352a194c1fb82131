import { useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { loginPath, type CommentNode, type MediaNode } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { useSession } from '../../state/session';
import { AddComment } from '../comments/add-comment';
import { CommentList } from '../comments/comment-list';
import { useAddComment } from '../../state/queries/comments';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { LikesLine } from './likes-line';
import { useLikePost, usePostPage, usePostView, useSavePost } from '../../state/queries/post';
import { useRequireLogin } from '../../state/require-login';
import { PostActionBar } from './post-action-bar';
import { PostHeader } from './post-header';
import { PostMedia } from './post-media';
import { PostTime } from './post-time';
import { usePostShare } from './use-post-share';
import { SpamDialog } from '../../ui/spam-dialog';
import styles from './post-page.module.css';

/** Logged-out visitors see why the comment box is missing and where to go (spec 000 §6). */
function LoginPrompt() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <div className={styles.loginPrompt}>
      <p>{t('post.loginToInteract')}</p>
      <div className={styles.loginActions}>
        <Link className={buttonClass('primary')} to={loginPath(pathname, 'comments')}>
          {t('post.logIn')}
        </Link>
        <Link className={buttonClass('secondary')} to="/accounts/emailsignup/">
          {t('post.signUp')}
        </Link>
      </div>
    </div>
  );
}

function PostDetail({ post }: { post: MediaNode }) {
  const t = useT();
  const navigate = useNavigate();
  const { viewer } = useSession();
  const view = usePostView(post);
  const like = useLikePost(post, view);
  const save = useSavePost(post, view);
  const requireLogin = useRequireLogin('comments');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const comments = useAddComment(post);

  // R-002-post-actions-4: a delete on a post page goes to the viewer's own profile (going back
  // could land on the page of the post just deleted, or inside the finished creation flow).
  const onDeleted = () => {
    void navigate(viewer?.username ? `/${viewer.username}/` : '/', { replace: true });
  };
  const onReply = (comment: CommentNode) => {
    if (!requireLogin()) return;
    comments.dispatch({ type: 'reply', commentId: comment.id, username: comment.owner.username });
    inputRef.current?.focus();
  };
  const onComment = () => {
    if (requireLogin()) inputRef.current?.focus();
  };
  const share = usePostShare(post);

  if (view.deleted) return null;
  return (
    <article className={styles.post} aria-label={t('post.by', { username: post.owner.username })}>
      <div className={styles.header}>
        <PostHeader post={post} onPostPage onDeleted={onDeleted} />
      </div>
      <div className={styles.media}>
        <PostMedia post={post} sizes="(max-width: 767px) 100vw, 600px" priority onDoubleTap={like.like} />
      </div>
      <div className={styles.comments}>
        <CommentList post={post} onReply={onReply} />
      </div>
      <div className={styles.actions}>
        <PostActionBar view={view} onLike={like.toggle} onComment={onComment} onShare={share.onShare} onSave={save.toggle} />
        <LikesLine post={post} view={view} />
        <PostTime seconds={post.taken_at_timestamp} className={styles.time} />
      </div>
      <div className={styles.add}>
        {!viewer ? (
          <LoginPrompt />
        ) : post.comments_disabled ? (
          <p className={styles.disabled}>{t('comments.disabled')}</p>
        ) : (
          <AddComment pending={comments.pending} dispatch={comments.dispatch} submit={comments.submit} inputRef={inputRef} />
        )}
      </div>
      <SpamDialog feedback={like.spam} onClose={like.closeSpam} />
      {share.dialog}
    </article>
  );
}

/** `/p/{code}/` and `/tv/{code}/`: the post with its comments (spec 000 §2, 002 §2). */
export function PostPage() {
  const t = useT();
  const { code = '' } = useParams();
  const query = usePostPage(code, { enabled: /^[A-Za-z0-9_-]{1,11}$/.test(code) });
  const post = query.data?.graphql.shortcode_media;
  useDocumentTitle(post ? t('post.pageTitle', { username: post.owner.username }) : null);

  if (!/^[A-Za-z0-9_-]{1,11}$/.test(code) || (query.error instanceof ApiError && query.error.status === 404)) return <NotFoundPage />;
  const header = <SubPageHeader title={t('post.phoneTitle')} fallback={post ? `/${post.owner.username}/` : '/'} wide="none" heading={false} />;
  if (query.isError)
    return (
      <>
        {header}
        <EmptyState icon="alert" title={t('app.error.title')} body={t('app.error.body')} level={1}>
          <Button onClick={() => void query.refetch()}>{t('app.error.retry')}</Button>
        </EmptyState>
      </>
    );
  if (!post)
    return (
      <>
        {header}
        <div className={styles.loading}>
          <Spinner size={32} label={t('app.loading')} />
        </div>
      </>
    );
  return (
    <div className={styles.page}>
      {header}
      <h1 className="visually-hidden">{t('post.pageTitle', { username: post.owner.username })}</h1>
      <PostDetail key={post.id} post={post} />
    </div>
  );
}
