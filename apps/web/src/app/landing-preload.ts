import type { ComponentType } from 'react';

export const loadLanding = () => import('../features/auth/landing-page').then((m) => m.LandingPage);

/** The landing screen once loaded ahead of the first render; the module holds it for the page's life. */
let loaded: ComponentType | null = null;

/**
 * Loads the landing screen ahead of the first render. When the HTML already shows it (pre-rendered),
 * the app then renders it at once instead of replacing it with a loading state for a moment.
 */
export async function preloadLandingPage(): Promise<void> {
  loaded = await loadLanding();
}

export const preloadedLandingPage = (): ComponentType | null => loaded;
