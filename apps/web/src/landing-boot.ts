import { autoLoginThisPage, pageAutoLoginDeps } from './features/auth/credential-auto-login';
import { cookieBannerCookie, documentCookies, hasCookieBannerConsent } from './lib/cookies';
import { setSharedCsrfToken } from './lib/csrf';
import { readEmbeddedSharedData, SHARED_DATA_URL } from './lib/shared-data-embedded';
import { linkInlineStylesheets } from './lib/inline-stylesheets';

/**
 * The landing page's script when the service sends it in place of the app (a visitor this browser
 * saved no login for): the page is the build's HTML and works as it is, so the app's code loads
 * when the visitor first reaches for it (a tap, a key, a field focused), not with the page. Until
 * then this shows the cookie banner and runs the saved-password login, which need no app.
 */

const sharedData = readEmbeddedSharedData();
if (sharedData) setSharedCsrfToken(sharedData.config.csrf_token);

const FIRST_NEED = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'input'] as const;

function loadApp(): void {
  for (const type of FIRST_NEED) window.removeEventListener(type, loadApp, true);
  linkInlineStylesheets();
  // The landing screen alongside the app, not after it: the app renders over this page once both are in.
  void import('./app/landing-preload').then((m) => m.preloadLandingPage());
  void import('./main');
}

for (const type of FIRST_NEED) window.addEventListener(type, loadApp, { capture: true, passive: true });

/** Spec 000 §9, as the app's banner does it until the app renders its own. */
function showCookieBanner(): void {
  if (hasCookieBannerConsent(documentCookies())) return;
  const banners = [...document.querySelectorAll<HTMLElement>('[data-cookie-banner]')];
  if (banners.length === 0) return;
  const accept = () => {
    document.removeEventListener('click', onClick, true);
    document.cookie = cookieBannerCookie();
    for (const banner of banners) banner.hidden = true;
    // The cookies the service sets are refreshed, as the app's banner does.
    void fetch(SHARED_DATA_URL, { credentials: 'same-origin' }).catch(() => undefined);
  };
  const onClick = (event: MouseEvent) => {
    // Once the app has rendered over the page, its own banner answers the clicks.
    if (!banners.some((banner) => banner.isConnected)) return document.removeEventListener('click', onClick, true);
    const target = event.target instanceof Element ? event.target : null;
    // A click outside confirms it; inside, its close button does.
    const inside = target !== null && banners.some((banner) => banner.contains(target));
    if (!inside || target.closest('button')) accept();
  };
  for (const banner of banners) banner.hidden = false;
  document.addEventListener('click', onClick, true);
}

showCookieBanner();

if (sharedData?.config.viewer === null && sharedData.credential_auto_login === true) {
  void autoLoginThisPage({
    ...pageAutoLoginDeps(),
    // A saved password was found: the rare case that needs the app's client, loaded for it.
    logIn: (username, password) => import('./state/queries/auth').then((m) => m.logIn(username, password)),
    twoFactor: (info) => {
      void import('./state/queries/two-factor').then((m) => {
        m.keepChallenge(info);
        window.location.assign(m.TWO_FACTOR_LOGIN_PATH);
      });
    },
  });
}
