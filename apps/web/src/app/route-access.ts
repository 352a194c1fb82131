import { LOGGED_OUT_REDIRECT_SOURCE, loginPath, safeNext, type ClientRoute, type RouteAccess } from '@shutter/contract';

/**
 * public: anyone. protected: logged-in only (others go to login). loginOnly: logged-out only
 * (a logged-in viewer goes to '/', or to the `next` the login page was given).
 */
export type Access = RouteAccess;
/** auth: the landing / login look (no top bar); app: the regular chrome; sub: a sub-page's own header on phones. */
export type Chrome = NonNullable<ClientRoute['chrome']>;

export interface RouteHandle {
  access: Access | ((pathname: string) => Access);
  chrome?: Chrome;
  /**
   * Addresses that stay one mounted screen while it moves between them itself (the story viewer
   * replaces its address reel by reel); any other change of path mounts the screen afresh.
   */
  screenKey?: string;
}

export function accessFor(handle: RouteHandle | undefined, pathname: string): Access {
  if (!handle) return 'public';
  return typeof handle.access === 'function' ? handle.access(pathname) : handle.access;
}

/** Where the guard sends the visitor, or null to render the page. */
export function guardRedirect(access: Access, loggedIn: boolean, pathname: string, search: string): string | null {
  if (access === 'protected' && !loggedIn) return loginPath(`${pathname}${search}`, LOGGED_OUT_REDIRECT_SOURCE);
  if (access === 'loginOnly' && loggedIn) return safeNext(new URLSearchParams(search).get('next'));
  return null;
}
