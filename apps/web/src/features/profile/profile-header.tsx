import { Link, useLocation } from 'react-router';
import { numberFormat } from '../../lib/formatters';
import { useI18n } from '../../lib/i18n/i18n';
import { StoryAvatar } from '../stories/story-avatar';
import { useMediaQuery } from '../../lib/use-media-query';
import { buttonClass } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useSession } from '../../state/session';
import { ProfileMenu } from '../friendships/profile-menu';
import { FollowButton } from '../friendships/follow-button';
import { followListPath } from '../../lib/follow-list-path';
import { canSeeContent, type ProfileUserView } from '../../state/queries/profile';
import styles from './profile.module.css';

const NARROW_HEADER_QUERY = '(max-width: 735px)';

function Stats({ user }: { user: ProfileUserView }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const { viewer } = useSession();
  const number = numberFormat(locale);
  const one = new Intl.PluralRules(locale);
  const stat = (count: number, label: 'profile.postsShort' | 'profile.followersShort' | 'profile.followingShort') => (
    <>
      <strong>{number.format(count)}</strong> {t(one.select(count) === 'one' ? `${label}One` : label)}
    </>
  );
  // Spec 002 §2: opened in-app by a viewer, the list is a modal over this profile on wide screens.
  const state = viewer ? { background: location } : undefined;
  // A private account's lists answer 404 to non-followers: plain counts rather than dead links.
  const linked = canSeeContent(user);
  const followers = stat(user.edge_followed_by.count, 'profile.followersShort');
  const following = stat(user.edge_follow.count, 'profile.followingShort');
  return (
    <ul className={styles.stats}>
      <li>{stat(user.edge_owner_to_timeline_media.count, 'profile.postsShort')}</li>
      <li>
        {linked ? (
          <Link to={followListPath(user.username, 'followers')} state={state}>
            {followers}
          </Link>
        ) : (
          followers
        )}
      </li>
      <li>
        {linked ? (
          <Link to={followListPath(user.username, 'following')} state={state}>
            {following}
          </Link>
        ) : (
          following
        )}
      </li>
    </ul>
  );
}

/** The chevron that opens and closes the similar accounts under the header. */
export interface SimilarToggle {
  open: boolean;
  onToggle: () => void;
  panelId: string;
}

/** Picture, name, the owner's "Edit profile" or everyone else's follow button and options menu, counts and bio. */
export function ProfileHeader({ user, isOwner, similar }: { user: ProfileUserView; isOwner: boolean; similar?: SimilarToggle }) {
  const { t } = useI18n();
  const { viewer } = useSession();
  // The picture's size follows the header's narrow layout (profile.module.css), so a ring fits it.
  const narrow = useMediaQuery(NARROW_HEADER_QUERY);
  return (
    <header className={styles.header}>
      <div className={styles.avatarCell}>
        <StoryAvatar user={user} src={user.profile_pic_url_hd || user.profile_pic_url} alt={t('profile.avatarAlt', { username: user.username })} size={narrow ? 77 : 150} link="reel" avatarClassName={styles.avatar} />
      </div>
      <section className={styles.info}>
        <div className={styles.titleRow}>
          <h1 className={styles.username}>{user.username}</h1>
          {user.is_verified ? (
            <span className={styles.verified} role="img" aria-label={t('profile.verified')}>
              <Icon name="check" size={18} filled />
            </span>
          ) : null}
          <div className={styles.actions}>
            {isOwner ? (
              <>
                <Link className={buttonClass('secondary')} to="/accounts/edit/">
                  {t('profile.editProfile')}
                </Link>
                <Link className={`${buttonClass('secondary')} ${styles.similarToggle}`} to="/archive/stories/" aria-label={t('highlights.archiveLink')} title={t('highlights.archiveLink')}>
                  <Icon name="clock" size={16} />
                </Link>
              </>
            ) : (
              <FollowButton user={user} />
            )}
            {similar ? (
              <button
                type="button"
                className={`${buttonClass('secondary')} ${styles.similarToggle}`}
                aria-label={t('graph.similar.toggle')}
                aria-expanded={similar.open}
                aria-controls={similar.open ? similar.panelId : undefined}
                onClick={similar.onToggle}
              >
                <Icon name="chevronDown" size={16} className={similar.open ? styles.similarOpen : undefined} />
              </button>
            ) : null}
          </div>
          {!isOwner && user.follows_viewer ? <span className={styles.followsYou}>{t('graph.followsYou')}</span> : null}
          {!isOwner ? (
            <div className={styles.menuCell}>
              <ProfileMenu user={user} canBlock={!!viewer && !user.blocked_by_viewer} />
            </div>
          ) : null}
        </div>
        <Stats user={user} />
        <div className={styles.bio}>
          {user.full_name ? <p className={styles.fullName}>{user.full_name}</p> : null}
          {user.biography ? <p className={styles.biography}>{user.biography}</p> : null}
          {user.external_url ? (
            <a className={styles.external} href={user.external_url} rel="me nofollow noopener noreferrer" target="_blank">
              {user.external_url.replace(/^https?:\/\//, '')}
            </a>
          ) : null}
        </div>
      </section>
    </header>
  );
}
