import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { parseFollowListPath } from '../features/friendships/follow-list-path';
import { useMediaQuery } from '../lib/use-media-query';
import { IndexPage } from './index-page';
import { trackLoad } from './loading-signal';
import { RootLayout } from './root-layout';
import { isCreatePath, type Access, type Chrome, type RouteHandle } from './route-access';

type Loader = () => Promise<ComponentType>;

/** A code-split screen: its chunk loads on first render (the loading bar shows meanwhile). */
function page(path: string, access: RouteHandle['access'], load: Loader, chrome: Chrome = 'app'): RouteObject {
  const handle: RouteHandle = { access, chrome };
  const Screen = lazy(() => trackLoad(load()).then((component) => ({ default: component })));
  return { path, handle, element: <Screen /> };
}

const auth = () => import('../features/auth/auth-pages');
const recovery = () => import('../features/auth/password-reset-pages');
const accounts = () => import('../features/accounts/account-pages');
const editProfile = () => import('../features/accounts/edit-profile-page');
const profile = () => import('../features/profile/profile-page');
const soon = () => import('../features/placeholders/placeholder-pages');
const posts = () => import('../features/posts/post-page');
const likedBy = () => import('../features/posts/liked-by');
const create = () => import('../features/create/create-flow');
const followLists = () => import('../features/friendships/follow-list');
const suggestionPages = () => import('../features/suggestions/suggestion-pages');
const privacy = () => import('../features/friendships/privacy-page');
const activity = () => import('../features/activity/activity-page');
const P: Access = 'protected';

/** Spec 000 §2 and ARCHITECTURE.md "Client routes". Static segments outrank `:username`. */
export const screenRoutes: RouteObject[] = [
  { index: true, element: <IndexPage />, handle: { access: 'public', chrome: 'auth' } satisfies RouteHandle },
  page('accounts/login', 'loginOnly', async () => (await auth()).LoginPage, 'auth'),
  page('accounts/emailsignup', 'loginOnly', async () => (await auth()).SignupPage, 'auth'),
  page('accounts/signup', 'loginOnly', async () => (await auth()).SignupPage, 'auth'),
  page('accounts/signup/:step', 'loginOnly', async () => (await auth()).MultiStepSignupPage, 'auth'),
  page('accounts/login/two_factor', 'loginOnly', async () => (await auth()).TwoFactorPage, 'auth'),
  page('accounts/password/reset', 'loginOnly', async () => (await recovery()).PasswordResetPage, 'auth'),
  page('accounts/password/reset/confirm', 'public', async () => (await recovery()).PasswordResetConfirmPage, 'auth'),
  page('accounts/password/change', P, async () => (await accounts()).PasswordChangePage),
  page('session/login_activity', P, async () => (await accounts()).LoginActivityPage),
  page('accounts/edit', P, async () => (await editProfile()).EditProfilePage),
  page('accounts/activity', P, async () => (await activity()).ActivityPage),
  page('accounts/privacy_and_security', P, async () => (await privacy()).PrivacyPage),
  page('explore', P, async () => (await soon()).ExplorePlaceholder),
  page('explore/people', P, async () => (await suggestionPages()).DiscoverPeoplePage),
  page('explore/search', P, async () => (await soon()).SearchPlaceholder),
  page('direct/inbox', P, async () => (await soon()).InboxPlaceholder),
  page('direct/new', P, async () => (await soon()).NewMessagePlaceholder),
  page('direct/requests', P, async () => (await soon()).RequestsPlaceholder),
  page('direct/t/:id', P, async () => (await soon()).ThreadPlaceholder),
  page('stories/:username', P, async () => (await soon()).StoriesPlaceholder),
  page('p/:code', 'public', async () => (await posts()).PostPage),
  page('tv/:code', 'public', async () => (await posts()).PostPage),
  page('p/:code/caption/:caption', 'public', async () => (await posts()).PostPage),
  page(':username/p/:code', 'public', async () => (await posts()).PostPage),
  page(':username/tv/:code', 'public', async () => (await posts()).PostPage),
  page('p/:code/liked_by', P, async () => (await likedBy()).LikedByPage),
  page('tv/:code/liked_by', P, async () => (await likedBy()).LikedByPage),
  page('create/*', P, async () => (await create()).CreateFlow),
  page(':username', 'public', async () => (await profile()).ProfilePage),
  page(':username/tagged', 'public', async () => (await profile()).ProfilePage),
  page(':username/channel', 'public', async () => (await profile()).ProfilePage),
  page(':username/saved', P, async () => (await profile()).ProfilePage),
  page(':username/followers', P, async () => (await followLists()).FollowListPage),
  page(':username/following', P, async () => (await followLists()).FollowListPage),
  page(':username/followers/:mutual', P, async () => (await followLists()).FollowListPage),
  page(':username/following/:mutual', P, async () => (await followLists()).FollowListPage),
  page(':username/similar_accounts', P, async () => (await suggestionPages()).SimilarAccountsPage),
  page(':username/related_profiles', P, async () => (await suggestionPages()).SimilarAccountsPage),
  { path: '*', handle: { access: (pathname) => (isCreatePath(pathname) ? 'protected' : 'public') } satisfies RouteHandle, element: <CatchAll /> },
];

const CreateFlow = lazy(() => trackLoad(create()).then((m) => ({ default: m.CreateFlow })));
const CatchAllPage = lazy(() => trackLoad(soon()).then((m) => ({ default: m.CatchAllPage })));
const LikedByModal = lazy(() => likedBy().then((m) => ({ default: m.LikedByModal })));
const FollowListModal = lazy(() => followLists().then((m) => ({ default: m.FollowListModal })));

/** Spec 000 §2: any path containing /create/ opens the creation flow; other unknown paths reload. */
function CatchAll() {
  const { pathname } = useLocation();
  return isCreatePath(pathname) ? <CreateFlow /> : <CatchAllPage />;
}

const LIKED_BY_PATTERNS = ['/p/:code/liked_by/', '/tv/:code/liked_by/'];
const WIDE_QUERY = '(min-width: 768px)';

const routes: RouteObject[] = [{ path: '/', element: <RootLayout routes={screenRoutes} />, children: screenRoutes }];

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than the data router: the screens load
 * their own data with TanStack Query, and the data router would add about 20 KiB gzip to every page.
 */
export function AppRoutes() {
  const location = useLocation();
  const wide = useMediaQuery(WIDE_QUERY);
  // Spec 000 §2 and 002 §2: opened from within the app on a wide viewport, the liked-by list is a
  // modal over the page it came from (that page keeps rendering underneath); otherwise a page.
  const background = (location.state as { background?: Location } | null)?.background;
  const modal = wide && background ? LIKED_BY_PATTERNS.map((pattern) => matchPath(pattern, location.pathname)).find(Boolean) : null;
  // Spec 002 §2: the followers and following lists open the same way over the profile.
  const followList = wide && background ? parseFollowListPath(location.pathname) : null;
  const element = useRoutes(routes, (modal || followList) && background ? background : location);
  return (
    <>
      {element}
      {modal?.params.code ? (
        <Suspense fallback={null}>
          <LikedByModal shortcode={modal.params.code} />
        </Suspense>
      ) : null}
      {followList ? (
        <Suspense fallback={null}>
          <FollowListModal list={followList} />
        </Suspense>
      ) : null}
    </>
  );
}
