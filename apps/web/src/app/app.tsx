import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter } from 'react-router';
import type { SharedData } from '@shutter/contract';
import { SessionProvider, useSession } from '../state/session';
import { I18nProvider, initialLocale } from '../lib/i18n/i18n';
import { ScreenPreloadContext, type PreloadScreen } from '../lib/screen-preload';
import { RenderWidthProvider } from '../lib/use-media-query';
import { seedQueries, type FirstScreenQuery } from '../state/first-screen-state';
import { startFeedCache } from '../state/queries/feed';
import { TopBarContext } from '../ui/top-bar';
import { AppFailure } from './app-failure';
import { LoadingBarView } from './loading-bar';
import { AppRoutes } from './router';
import { SCREEN_LOADERS } from './screens';
import { ToastProvider } from './toast/toast-provider';

function createQueryClient(initialQueries: readonly FirstScreenQuery[]) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  // What the page's HTML was rendered from comes first: a stored feed only fills an empty entry.
  seedQueries(client, initialQueries);
  // The home feed's cache entry starts from (and is kept in) storage: state/queries/feed.ts.
  startFeedCache(client);
  return client;
}

const preloadScreen: PreloadScreen = (screen) => SCREEN_LOADERS[screen]();

/** Logged in, the app shows its top bar (root-layout.tsx). */
function TopBarFromSession({ children }: { children: ReactNode }) {
  const { viewer } = useSession();
  return <TopBarContext.Provider value={viewer !== null}>{children}</TopBarContext.Provider>;
}

export interface AppProps {
  initialSharedData: SharedData | null;
  /** Rendering ahead of the browser (the server, the build): the path, and no BrowserRouter. */
  location?: string;
  /** The query cache entries the page was rendered from (state/first-screen.ts). */
  initialQueries?: readonly FirstScreenQuery[];
  /** The viewport width the page was laid out for ahead of the browser (lib/use-media-query.ts). */
  renderWidth?: number;
}

/**
 * Providers: server state, language, toasts, the session (shared data), whether the top bar shows,
 * how to load a screen ahead, then the router: the browser's, or a fixed location when the app is
 * rendered ahead of the browser (server-entry.tsx, prerender.tsx).
 */
export function App({ initialSharedData, location, initialQueries = [], renderWidth = 0 }: AppProps) {
  const [queryClient] = useState(() => createQueryClient(initialQueries));

  return (
    <QueryClientProvider client={queryClient}>
      <RenderWidthProvider value={renderWidth}>
        <I18nProvider initial={initialLocale(initialSharedData?.language_code)}>
          <ToastProvider>
            <SessionProvider
              initial={initialSharedData}
              loading={<LoadingBarView active />}
              failed={(retry) => <AppFailure onRetry={retry} />}
            >
              <TopBarFromSession>
                <ScreenPreloadContext.Provider value={preloadScreen}>
                  {location === undefined ? (
                    <BrowserRouter>
                      <AppRoutes />
                    </BrowserRouter>
                  ) : (
                    <StaticRouter location={location}>
                      <AppRoutes />
                    </StaticRouter>
                  )}
                </ScreenPreloadContext.Provider>
              </TopBarFromSession>
            </SessionProvider>
          </ToastProvider>
        </I18nProvider>
      </RenderWidthProvider>
    </QueryClientProvider>
  );
}
