/**
 * Apps a person connects: apps register themselves (as on Mastodon), people authorize them with
 * OAuth 2 (authorization code with PKCE), see and remove them in their settings, and a developer
 * invites testers.
 */

export const APPS_PATH = '/api/v1/apps';
export const APP_TESTERS_PATH = '/api/v1/apps/:client_id/testers';
export const MANAGE_ACCESS_PATH = '/accounts/manage_access/';
export const MANAGE_ACCESS_APPS_PATH = '/accounts/manage_access/apps/';
export const REVOKE_APP_PATH = '/accounts/manage_access/revoke/';
export const ACCEPT_APP_INVITE_PATH = '/accounts/manage_access/invites/accept/';
export const DECLINE_APP_INVITE_PATH = '/accounts/manage_access/invites/decline/';
/** Where a person allows or cancels an app's request (the `uid` is the authorization server's). */
export const CONSENT_PATH = '/oauth/consent/:uid/';
export const consentPath = (uid: string) => `/oauth/consent/${encodeURIComponent(uid)}/`;

/** What an app may be given: `read` reads as the person; `write` also acts (posts, likes, follows). */
export const APP_SCOPES = ['read', 'write'] as const;
export type AppScope = (typeof APP_SCOPES)[number];
export const APP_STATUSES = ['active', 'expired', 'removed'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

export const APP_NAME_MAX = 100;
export const APP_WEBSITE_MAX = 2000;
export const APP_REDIRECT_URIS_MAX = 10;
/** Registrations per client address (anyone may register an app). */
export const APP_REGISTER_LIMIT = { max: 30, windowMs: 60 * 60_000 };
/** Invitations per developer. */
export const APP_INVITE_LIMIT = { max: 60, windowMs: 60 * 60_000 };

/** A redirect URI: https, http on a loopback address only, an app's own scheme, or the out-of-band marker. */
export function isAllowedRedirectUri(value: string): boolean {
  if (value === 'urn:ietf:wg:oauth:2.0:oob') return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash) return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  // Native apps: a private scheme such as com.example.app:/callback.
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol) && !['javascript:', 'data:', 'file:'].includes(url.protocol);
}

