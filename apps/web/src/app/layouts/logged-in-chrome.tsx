import { Link, NavLink, useLocation } from 'react-router';
import type { Viewer } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Icon } from '../../ui/icon';
import { Logo } from '../../ui/logo';
import { SearchBox } from '../../features/search/search-box';
import { useDirectFlags } from '../../features/direct/direct-flags';
import { useDirectChannel, useDirectUnreadCount } from '../../features/direct/use-direct';
import { AccountMenu } from './account-menu';
import { CreateMenu } from './create-menu';
import { ActivityLink, ActivityToggle } from './activity-toggle';
import { useNavCollapse } from './use-nav-collapse';
import styles from './nav.module.css';

export const profilePath = (viewer: Viewer) => (viewer.username ? `/${viewer.username}/` : '/');

/** R-002-navigation-7: Direct with its badge of unseen threads (hidden when Direct is off, R-002-direct-2). */
function DirectLink({ className }: { className: string }) {
  const t = useT();
  const unread = useDirectUnreadCount();
  const { enabled } = useDirectFlags();
  // Every direct page (a thread, the requests) is Direct's, not only the inbox the link opens.
  const onDirect = useLocation().pathname.startsWith('/direct/');
  if (!enabled) return null;
  return (
    <NavLink to="/direct/inbox/" className={className} aria-label={unread > 0 ? t('nav.directUnread', { count: unread }) : t('nav.direct')}>
      <span className={styles.badgeHost}>
        <Icon name="send" filled={onDirect} />
        <Badge count={unread} />
      </span>
    </NavLink>
  );
}

function ProfileLink({ viewer, className }: { viewer: Viewer; className: string }) {
  const t = useT();
  return (
    <NavLink to={profilePath(viewer)} end className={({ isActive }) => `${className} ${isActive && viewer.username ? styles.profileActive : ''}`} aria-label={t('nav.profile')}>
      <Avatar src={viewer.profile_pic_url} alt="" size={26} className={styles.navAvatar} />
    </NavLink>
  );
}

function DesktopNav({ viewer }: { viewer: Viewer }) {
  const t = useT();
  const directEnabled = useDirectFlags().enabled;
  const collapsed = useNavCollapse();
  return (
    <header className={`${styles.desktop} ${collapsed ? styles.collapsed : ''}`}>
      <nav className={styles.inner} aria-label={t('nav.primary')}>
        <Link to="/" className={styles.logo} aria-label={t('nav.logo')}>
          <Logo size="sm" />
        </Link>
        <SearchBox />
        <ul className={styles.icons}>
          <li>
            <NavLink to="/" end className={styles.iconLink} aria-label={t('nav.home')}>
              {({ isActive }) => <Icon name="home" filled={isActive} />}
            </NavLink>
          </li>
          {directEnabled ? (
            <li>
              <DirectLink className={styles.iconLink} />
            </li>
          ) : null}
          <li>
            <NavLink to="/explore/" className={styles.iconLink} aria-label={t('nav.explore')}>
              {({ isActive }) => <Icon name="compass" filled={isActive} />}
            </NavLink>
          </li>
          <li>
            <ActivityToggle />
          </li>
          <li>
            <CreateMenu buttonClassName={styles.iconButton} />
          </li>
          <li>
            <ProfileLink viewer={viewer} className={styles.iconLink} />
          </li>
          <li>
            <AccountMenu viewer={viewer} />
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** On a sub-page the screen's own header (back and title) stands where the top bar would be. */
function MobileBars({ viewer, subPage }: { viewer: Viewer; subPage: boolean }) {
  const t = useT();
  return (
    <>
      {subPage ? null : (
        <header className={styles.mobileHeader}>
          <Link to="/" className={styles.logo} aria-label={t('nav.logo')}>
            <Logo size="sm" />
          </Link>
          <div className={styles.mobileActions}>
            <ActivityLink className={styles.iconLink} />
            <AccountMenu viewer={viewer} />
          </div>
        </header>
      )}
      <nav className={styles.tabBar} aria-label={t('nav.tabs')}>
        <NavLink to="/" end className={styles.tab} aria-label={t('nav.home')}>
          {({ isActive }) => <Icon name="home" filled={isActive} />}
        </NavLink>
        <NavLink to="/explore/" className={styles.tab} aria-label={t('nav.explore')}>
          {({ isActive }) => <Icon name="compass" filled={isActive} />}
        </NavLink>
        <CreateMenu placement="up" buttonClassName={styles.tabButton} className={styles.tabAnchor} />
        <DirectLink className={styles.tab} />
        <ProfileLink viewer={viewer} className={styles.tab} />
      </nav>
    </>
  );
}

/** Spec 002 §2: desktop top navigation (≥ 768 px), mobile header and tab bar (< 768 px). */
export function LoggedInChrome({ viewer, subPage = false }: { viewer: Viewer; subPage?: boolean }) {
  // One real-time connection per tab, from the first logged-in page on: it feeds the badge here
  // and the direct pages.
  useDirectChannel();
  return (
    <>
      <DesktopNav viewer={viewer} />
      <MobileBars viewer={viewer} subPage={subPage} />
    </>
  );
}
