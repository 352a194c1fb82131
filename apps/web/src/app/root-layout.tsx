import { Suspense, useEffect, useMemo } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { normalizePathname } from '@shutter/contract';
import { CookieBanner } from '../features/consent/cookie-banner';
import { termsRedirect } from '../features/terms/terms-redirect';
import { useCredentialAutoLogin } from '../features/auth/use-credential-auto-login';
import { useSession } from '../state/session';
import { useT } from '../lib/i18n/i18n';
import { LoggedOutBar } from './layouts/logged-out-bar';
import { SiteFooter } from './layouts/site-footer';
import { LoadingBar } from './loading-bar';
import { loadedFirst } from './loaded-first';
import { RouteLoading } from './loading-signal';
import { RouteErrorBoundary } from './route-error-boundary';
import { accessFor, guardRedirect, type RouteHandle } from './route-access';
import { ScrollRestoration } from './scroll-restoration';
import styles from './root-layout.module.css';

export const loggedInChrome = loadedFirst(() => import('./layouts/logged-in-chrome').then((m) => m.LoggedInChrome));
const LoggedInChrome = loggedInChrome.Component;

function routeHandle(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches[matches.length - 1]?.route.handle as RouteHandle | undefined;
}

/** Spec 000 §2: client navigations to a path without its trailing slash are replaced by the slashed path. */
function useTrailingSlash() {
  const location = useLocation();
  const navigate = useNavigate();
  const normalized = normalizePathname(location.pathname);
  useEffect(() => {
    if (normalized !== location.pathname) {
      void navigate({ pathname: normalized, search: location.search, hash: location.hash }, { replace: true, state: location.state });
    }
  }, [normalized, location, navigate]);
  return normalized === location.pathname;
}

export function RootLayout({ routes }: { routes: RouteObject[] }) {
  const t = useT();
  const { viewer, sharedData } = useSession();
  const location = useLocation();
  // Matching ranks every route of the table: once per path, not on each of the layout's renders.
  const handle = useMemo(() => routeHandle(routes, location.pathname), [routes, location.pathname]);
  const slashed = useTrailingSlash();
  const redirect = guardRedirect(accessFor(handle, location.pathname), !!viewer, location.pathname, location.search)
    // Terms that changed since the viewer agreed come before any other page.
    ?? (viewer ? termsRedirect(sharedData.terms_pending, location.pathname, location.search) : null);
  const authLook = !viewer && handle?.chrome === 'auth';
  useCredentialAutoLogin(!viewer);

  if (!slashed) return <LoadingBar />;
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <div className={`${styles.shell} ${viewer ? styles.withChrome : ''}`}>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <LoadingBar />
      <ScrollRestoration />
      {viewer ? (
        <Suspense fallback={<div className={styles.chromePlaceholder} />}>
          <LoggedInChrome viewer={viewer} subPage={handle?.chrome === 'sub'} />
        </Suspense>
      ) : authLook ? null : (
        <LoggedOutBar />
      )}
      <main id="main" tabIndex={-1} className={`${styles.main} ${authLook ? styles.authMain : ''}`}>
        <RouteErrorBoundary key={handle?.screenKey ?? location.pathname}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {viewer ? null : <SiteFooter />}
      <CookieBanner />
    </div>
  );
}
