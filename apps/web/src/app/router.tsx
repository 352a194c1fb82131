import { lazy, Suspense, type ComponentType } from 'react';
import { CLIENT_ROUTES, type ClientRoute } from '@shutter/contract';
import { matchPath, matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { isCreatePath } from '../lib/create-path';
import { parseFollowListPath } from '../lib/follow-list-path';
import { useMediaQuery } from '../lib/use-media-query';
import { homePage, IndexPage } from './index-page';
import { loadedFirst, type LoadedFirst } from './loaded-first';
import { trackLoad } from './loading-signal';
import { loggedInChrome, RootLayout } from './root-layout';
import type { RouteHandle } from './route-access';
import { loadCatchAll, loadFollowListModal, loadLikedByModal, SCREEN_LOADERS, type Loader } from './screens';

/** A code-split screen: its chunk loads on first render (the loading bar shows meanwhile), unless loaded first. */
const lazyScreen = (load: Loader) => loadedFirst<object>(load, trackLoad);

const SCREENS = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazyScreen(load)])) as unknown as Record<keyof typeof SCREEN_LOADERS, LoadedFirst<object>>;
const SCREEN_COMPONENTS = Object.fromEntries(Object.entries(SCREENS).map(([name, screen]) => [name, screen.Component])) as unknown as Record<keyof typeof SCREEN_LOADERS, ComponentType>;

/**
 * Loads what the page at `pathname` renders, before the app hydrates the server's HTML: the
 * screen's module and, for a signed-in viewer, the logged-in frame's (loaded-first.tsx says why).
 */
export async function loadFirstScreen(pathname: string, loggedIn: boolean): Promise<void> {
  const match = matchRoutes(CLIENT_ROUTES.map((route) => ({ path: route.path, id: route.screen })), pathname)?.[0];
  const screen = match?.route.id as ClientRoute['screen'] | undefined;
  const loads: Promise<void>[] = [];
  if (loggedIn) loads.push(loggedInChrome.loadFirst());
  if (screen === 'Home') {
    if (loggedIn) loads.push(homePage.loadFirst());
  } else if (screen) loads.push(SCREENS[screen].loadFirst());
  await Promise.all(loads);
}

/** `/p/:code/` of the table becomes the router's relative `p/:code`. */
export const routerPath = (path: string) => path.replace(/^\//, '').replace(/\/$/, '');

function toRouteObject(route: ClientRoute): RouteObject {
  const handle: RouteHandle = { access: route.access, chrome: route.chrome ?? 'app', ...(route.screen === 'Stories' ? { screenKey: 'stories' } : {}) };
  if (route.screen === 'Home') return { index: true, element: <IndexPage />, handle };
  const Screen = SCREEN_COMPONENTS[route.screen];
  return { path: routerPath(route.path), handle, element: <Screen /> };
}

/** The contract's route table (static segments outrank `:username` in the router's ranking), then the catch-all. */
export const screenRoutes: RouteObject[] = [
  ...CLIENT_ROUTES.map(toRouteObject),
  { path: '*', handle: { access: (pathname) => (isCreatePath(pathname) ? 'protected' : 'public') } satisfies RouteHandle, element: <CatchAll /> },
];

const CreateFlow = SCREEN_COMPONENTS.Create;
const CatchAllPage = lazyScreen(loadCatchAll).Component;
const LikedByModal = lazy(() => loadLikedByModal().then((component) => ({ default: component })));
const FollowListModal = lazy(() => loadFollowListModal().then((component) => ({ default: component })));

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
