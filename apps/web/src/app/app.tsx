import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter } from 'react-router';
import type { SharedData } from '@shutter/contract';
import { SessionProvider } from '../features/auth/session';
import { I18nProvider, initialLocale } from '../lib/i18n/i18n';
import { startFeedCache } from '../state/queries/feed';
import { AppFailure } from './app-failure';
import { LoadingBarView } from './loading-bar';
import { AppRoutes } from './router';
import { ToastProvider } from './toast/toast-provider';

function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  // The home feed's cache entry starts from (and is kept in) storage: state/queries/feed.ts.
  startFeedCache(client);
  return client;
}

/**
 * Providers: server state, language, toasts, the session (shared data), then the router: the
 * browser's, or a fixed location when the app is rendered ahead of time (apps/web/src/prerender.tsx).
 */
export function App({ initialSharedData, location }: { initialSharedData: SharedData | null; location?: string }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider initial={initialLocale(initialSharedData?.language_code)}>
        <ToastProvider>
          <SessionProvider
            initial={initialSharedData}
            loading={<LoadingBarView active />}
            failed={(retry) => <AppFailure onRetry={retry} />}
          >
            {location === undefined ? (
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            ) : (
              <StaticRouter location={location}>
                <AppRoutes />
              </StaticRouter>
            )}
          </SessionProvider>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
