import { lazy, Suspense } from 'react';
import { preloadable } from './preloadable';
import { useSession } from '../state/session';
import { loadLanding, preloadedLandingPage } from './landing-preload';
import { RouteLoading } from './loading-signal';

/** The feed's screen; main.tsx loads it before hydrating a feed the server rendered. */
export const HomePage = preloadable(() => import('../features/feed/home-page').then((m) => m.HomePage));
const LazyLandingPage = lazy(() => loadLanding().then((component) => ({ default: component })));

/** `/`: the home feed for a logged-in viewer, the landing page for everyone else (spec 000 §2). */
export function IndexPage() {
  const { viewer } = useSession();
  const LandingPage = preloadedLandingPage() ?? LazyLandingPage;
  return <Suspense fallback={<RouteLoading />}>{viewer ? <HomePage /> : <LandingPage />}</Suspense>;
}
