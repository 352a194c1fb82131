import { useId, useState } from 'react';
import { NavLink, useLocation, useParams } from 'react-router';
import { RESERVED_SEGMENTS } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { useRelationship } from '../../state/queries/friendships';
import { SimilarAccountsPanel } from '../suggestions/similar-accounts-panel';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { canSeeContent, useProfileData, type ProfileUserView } from '../../state/queries/profile';
import { HighlightsRow } from '../highlights/highlights-row';
import { ProfileGrid } from './profile-grid';
import { ProfileHeader } from './profile-header';
import { PrivateNotice } from './private-notice';
import { SavedGrid } from './saved-grid';
import { TaggedGrid } from './tagged-grid';
import styles from './profile.module.css';

type Tab = 'posts' | 'saved' | 'tagged' | 'channel';

function tabOf(pathname: string): Tab {
  if (pathname.endsWith('/saved/')) return 'saved';
  if (pathname.endsWith('/tagged/')) return 'tagged';
  if (pathname.endsWith('/channel/')) return 'channel';
  return 'posts';
}

function ProfileTabs({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { t } = useI18n();
  const cls = ({ isActive }: { isActive: boolean }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`;
  return (
    <nav className={styles.tabs} aria-label={t('profile.tabs')}>
      <NavLink to={`/${username}/`} end className={cls}>
        <Icon name="grid" size={14} /> {t('profile.tabPosts')}
      </NavLink>
      {isOwner ? (
        <NavLink to={`/${username}/saved/`} className={cls}>
          <Icon name="bookmark" size={14} /> {t('profile.tabSaved')}
        </NavLink>
      ) : null}
      <NavLink to={`/${username}/channel/`} className={cls}>
        <Icon name="play" size={14} /> {t('profile.tabChannel')}
      </NavLink>
      <NavLink to={`/${username}/tagged/`} className={cls}>
        <Icon name="tag" size={14} /> {t('profile.tabTagged')}
      </NavLink>
    </nav>
  );
}

function TabContent({ tab, user, isOwner }: { tab: Tab; user: ProfileUserView; isOwner: boolean }) {
  const { t } = useI18n();
  if (tab === 'saved') return <SavedGrid />;
  if (tab === 'tagged') return <TaggedGrid user={user} isOwner={isOwner} />;
  // Long videos (the channel) come with their own upload flow; until then the tab says so.
  if (tab === 'channel') return <EmptyState icon="play" title={t('profile.noChannel')} body={t('profile.noChannelBody')} />;
  return <ProfileGrid user={user} isOwner={isOwner} />;
}

/** `/{username}/` (and its saved and tagged tabs): header, tabs and the posts grid. */
export function ProfilePage() {
  const { t } = useI18n();
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  const { viewer } = useSession();
  const reserved = RESERVED_SEGMENTS.has(username);
  const query = useProfileData(username, { enabled: !reserved });
  const user = query.data?.graphql.user;
  useDocumentTitle(user ? (user.full_name ? t('profile.titleWithName', { fullName: user.full_name, username: user.username }) : `@${user.username}`) : null);
  const tab = tabOf(pathname);
  const isOwner = !!viewer && !!user && viewer.id === user.id;

  if (reserved || (query.error instanceof ApiError && query.error.status === 404)) return <NotFoundPage />;
  if (query.isError)
    return (
      <EmptyState icon="alert" title={t('app.error.title')} body={t('app.error.body')} level={1}>
        <Button onClick={() => void query.refetch()}>{t('app.error.retry')}</Button>
      </EmptyState>
    );
  if (!user)
    return (
      <div className={styles.loading}>
        <Spinner size={32} label={t('app.loading')} />
      </div>
    );
  if (tab === 'saved' && !isOwner) return <NotFoundPage />;
  return <ProfileView user={user} isOwner={isOwner} tab={tab} offerSimilar={Boolean(query.data?.show_suggested_profiles) && !isOwner} />;
}

function ProfileView({ user, isOwner, tab, offerSimilar }: { user: ProfileUserView; isOwner: boolean; tab: Tab; offerSimilar: boolean }) {
  const panelId = useId();
  const relationship = useRelationship(user);
  const [similarOpen, setSimilarOpen] = useState(false);
  const [seenRelationship, setSeenRelationship] = useState(relationship);
  // Following (or asking to) opens the similar accounts, as the natural next step.
  if (seenRelationship !== relationship) {
    setSeenRelationship(relationship);
    if (offerSimilar && seenRelationship === 'none' && (relationship === 'following' || relationship === 'requested')) setSimilarOpen(true);
  }
  const showSimilar = offerSimilar && relationship !== 'blocked';
  return (
    <div className={styles.profile}>
      <ProfileHeader user={user} isOwner={isOwner} similar={showSimilar ? { open: similarOpen, onToggle: () => setSimilarOpen((open) => !open), panelId } : undefined} />
      {showSimilar && similarOpen ? <SimilarAccountsPanel user={user} id={panelId} /> : null}
      {canSeeContent(user) ? (
        <>
          <HighlightsRow userId={user.id} isOwner={isOwner} />
          <ProfileTabs username={user.username} isOwner={isOwner} />
          <TabContent tab={tab} user={user} isOwner={isOwner} />
        </>
      ) : (
        <PrivateNotice blocked={user.blocked_by_viewer} />
      )}
    </div>
  );
}
