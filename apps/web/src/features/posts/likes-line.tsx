import { Link, useLocation } from 'react-router';
import { loginPath, SOCIAL_CONTEXT_LIKERS, type MediaNode } from '@shutter/contract';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { useSession } from '../../state/session';
import type { PostView } from '../../state/queries/post';
import styles from './post-card.module.css';

/**
 * "Liked by ana and 12 others" with up to 3 followed likers' avatars (spec 000 §9: never the
 * viewer), or "12 likes"; each opens the liked-by list over the current page.
 */
export function LikesLine({ post, view }: { post: MediaNode; view: PostView }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const { viewer } = useSession();
  const likers = post.edge_media_preview_like.edges
    .map((edge) => edge.node)
    .filter((user) => user.id !== viewer?.id)
    .slice(0, SOCIAL_CONTEXT_LIKERS);
  const count = view.likeCount;
  // R-000-likes-1: the likes list is a like-related action; logged-out visitors go to login.
  const to = viewer ? `/p/${post.shortcode}/liked_by/` : loginPath(`${location.pathname}${location.search}`, 'likes');
  const state = viewer ? { background: location } : undefined;
  const number = numberFormat(locale);

  if (count === 0) return <p className={styles.likes}>{t('post.beFirst')}</p>;
  if (likers.length === 0) {
    return (
      <p className={styles.likes}>
        <Link to={to} state={state} className={styles.strongLink}>
          {t(count === 1 ? 'post.likesOne' : 'post.likesMany', { count: number.format(count) })}
        </Link>
      </p>
    );
  }
  const first = likers[0]!;
  const others = Math.max(0, count - 1);
  return (
    <div className={styles.likesRow}>
      <span className={styles.likerAvatars} aria-hidden="true">
        {likers.map((user) => (
          <Avatar key={user.id} src={user.profile_pic_url} alt="" size={20} className={styles.likerAvatar} />
        ))}
      </span>
      <p className={styles.likes}>
        {others === 0 ? (
          <>
            {t('post.likedByPrefix')}{' '}
            <Link to={`/${first.username}/`} className={styles.strongLink}>
              {first.username}
            </Link>
          </>
        ) : (
          <>
            {t('post.likedByPrefix')}{' '}
            <Link to={`/${first.username}/`} className={styles.strongLink}>
              {first.username}
            </Link>{' '}
            {t('post.likedByAnd')}{' '}
            <Link to={to} state={state} className={styles.strongLink}>
              {t(others === 1 ? 'post.othersOne' : 'post.othersMany', { count: number.format(others) })}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
