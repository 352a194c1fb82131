import { lazy, Suspense } from 'react';
import { useSession } from '../state/session';
import { loadLanding, preloadedLandingPage } from './landing-preload';
import { loadedFirst } from './loaded-first';
import { RouteLoading } from './loading-signal';

export const homePage = loadedFirst(() => import('../features/feed/home-page').then((m) => m.HomePage));
const HomePage = homePage.Component;
const LazyLandingPage = lazy(() => loadLanding().then((component) => ({ default: component })));

/** `/`: the home feed for a logged-in viewer, the landing page for everyone else (spec 000 §2). */
export function IndexPage() {
  const { viewer } = useSession();
  const LandingPage = preloadedLandingPage() ?? LazyLandingPage;
  return <Suspense fallback={<RouteLoading />}>{viewer ? <HomePage /> : <LandingPage />}</Suspense>;
}
