import type { PageKind } from './client-routes.js';

/** The web client's source modules for each screen (apps/web/src/app/router.tsx loads them lazily). */
const SCREENS: Partial<Record<PageKind, string>> = {
  login: 'src/features/auth/auth-pages.tsx',
  signup: 'src/features/auth/auth-pages.tsx',
  'password-reset': 'src/features/auth/password-reset-pages.tsx',
  profile: 'src/features/profile/profile-page.tsx',
  post: 'src/features/posts/post-page.tsx',
  activity: 'src/features/activity/activity-page.tsx',
  'edit-profile': 'src/features/accounts/edit-profile-page.tsx',
  'login-activity': 'src/features/accounts/account-pages.tsx',
};
const LOGGED_IN_CHROME = 'src/app/layouts/logged-in-chrome.tsx';

/** What a first load of a page runs besides the app's entry: the screen, and the logged-in frame. */
export function screenModules(kind: PageKind, loggedIn: boolean): string[] {
  const screen = kind === 'home' ? (loggedIn ? 'src/features/feed/home-page.tsx' : 'src/features/auth/landing-page.tsx') : SCREENS[kind];
  const loginOnly = kind === 'login' || kind === 'signup';
  return [...(loggedIn && !loginOnly ? [LOGGED_IN_CHROME] : []), ...(screen ? [screen] : [])];
}
