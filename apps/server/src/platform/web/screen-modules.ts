import type { ScreenName } from '@shutter/contract';

/**
 * The web client's source module of each screen whose first load is worth preloading (the router
 * in apps/web/src/app/screens.ts loads the same modules lazily; a test checks each exists).
 */
const SCREENS: Partial<Record<ScreenName, string>> = {
  Login: 'src/features/auth/auth-pages.tsx',
  Signup: 'src/features/auth/auth-pages.tsx',
  MultiStepSignup: 'src/features/auth/multi-step/multi-step-signup.tsx',
  ParentalConsent: 'src/features/auth/parental-consent-page.tsx',
  Terms: 'src/features/terms/terms-page.tsx',
  PasswordReset: 'src/features/auth/password-reset-pages.tsx',
  PasswordResetConfirm: 'src/features/auth/password-reset-pages.tsx',
  Profile: 'src/features/profile/profile-page.tsx',
  Post: 'src/features/posts/post-page.tsx',
  Activity: 'src/features/activity/activity-page.tsx',
  EditProfile: 'src/features/accounts/edit-profile-page.tsx',
  LoginActivity: 'src/features/accounts/account-pages.tsx',
  TwoFactorSettings: 'src/features/accounts/account-pages.tsx',
  Inbox: 'src/features/direct/direct-pages.tsx',
  Thread: 'src/features/direct/direct-pages.tsx',
  MessageRequests: 'src/features/direct/direct-pages.tsx',
  NewMessage: 'src/features/direct/direct-pages.tsx',
};
const LOGGED_IN_CHROME = 'src/app/layouts/logged-in-chrome.tsx';

/** What a first load of a page runs besides the app's entry: the screen, and the logged-in frame. */
export function screenModules(screen: ScreenName, loggedIn: boolean): string[] {
  const module = screen === 'Home' ? (loggedIn ? 'src/features/feed/home-page.tsx' : 'src/features/auth/landing-page.tsx') : SCREENS[screen];
  const loginOnly = screen === 'Login' || screen === 'Signup';
  return [...(loggedIn && !loginOnly ? [LOGGED_IN_CHROME] : []), ...(module ? [module] : [])];
}

/**
 * The landing page's own script (apps/web/src/landing-boot.ts): sent in place of the app's entry to
 * a visitor the page needs no app for until they reach for it.
 */
export const LANDING_START_SCRIPT = 'src/landing-boot.ts';
