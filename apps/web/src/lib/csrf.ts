import { CSRF_COOKIE } from '@shutter/contract';
import { documentCookies, readCookie } from './cookies';

// Apart from the API client, so that the landing page's script before the app (landing-boot.ts)
// sends the same token without loading it.

let sharedCsrfToken = '';

/** The shared data's token, used when the csrftoken cookie cannot be read. */
export function setSharedCsrfToken(token: string): void {
  sharedCsrfToken = token;
}

export function csrfToken(): string {
  return readCookie(documentCookies(), CSRF_COOKIE) || sharedCsrfToken;
}
