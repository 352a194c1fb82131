import { lazy, Suspense, type ComponentType } from 'react';
import { useSession } from '../state/session';
import { RouteLoading } from './loading-signal';

const HomePage = lazy(() => import('../features/feed/home-page').then((m) => ({ default: m.HomePage })));
const loadLanding = () => import('../features/auth/landing-page').then((m) => m.LandingPage);
const LazyLandingPage = lazy(() => loadLanding().then((component) => ({ default: component })));

let LoadedLandingPage: ComponentType | null = null;
/**
 * Loads the landing screen ahead of the first render. When the HTML already shows it (pre-rendered),
 * the app then renders it at once instead of replacing it with a loading state for a moment.
 */
export async function preloadLandingPage(): Promise<void> {
  LoadedLandingPage = await loadLanding();
}

/** `/`: the home feed for a logged-in viewer, the landing page for everyone else (spec 000 §2). */
export function IndexPage() {
  const { viewer } = useSession();
  const LandingPage = LoadedLandingPage ?? LazyLandingPage;
  return <Suspense fallback={<RouteLoading />}>{viewer ? <HomePage /> : <LandingPage />}</Suspense>;
}
