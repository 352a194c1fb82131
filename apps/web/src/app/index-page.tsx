import { lazy, Suspense } from 'react';
import { useSession } from '../features/auth/session';
import { RouteLoading } from './loading-signal';

const HomePage = lazy(() => import('../features/feed/home-page').then((m) => ({ default: m.HomePage })));
const LandingPage = lazy(() => import('../features/auth/landing-page').then((m) => ({ default: m.LandingPage })));

/** `/`: the home feed for a logged-in viewer, the landing page for everyone else (spec 000 §2). */
export function IndexPage() {
  const { viewer } = useSession();
  return <Suspense fallback={<RouteLoading />}>{viewer ? <HomePage /> : <LandingPage />}</Suspense>;
}
