/** Path rules shared by the web router and the service; the route table is client-routes.ts. */

/** Top-level segments that are not usernames. */
export const RESERVED_SEGMENTS = new Set([
  'accounts', 'api', 'archive', 'assets', 'create', 'data', 'dev', 'direct', 'directory', 'explore', 'graphql',
  'locations', 'media', 'p', 'session', 'stories', 'tv', 'web', 'challenge', 'legal', 'about',
  'privacy', 'terms', 'help', 'static', 'favicon.ico', 'robots.txt', 'manifest.webmanifest', 'sw.js',
]);

/** Pathnames end with a trailing slash (spec 000 §2). A path whose last segment has a dot is a file. */
export function normalizePathname(pathname: string): string {
  if (pathname.endsWith('/')) return pathname;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return pathname;
  return `${pathname}/`;
}

export function loginPath(next: string, source: string): string {
  const q = new URLSearchParams({ next, source });
  return `/accounts/login/?${q.toString()}`;
}

const HERE = 'http://here.invalid';

/**
 * True for a path that stays on this origin when a browser follows it. Parsed as browsers parse
 * (backslashes as slashes, tabs and newlines dropped), so `//evil.example`, `/\\evil.example` and
 * `/\t/evil.example` are all recognised as other hosts.
 */
export function isLocalPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  try {
    return new URL(path, HERE).origin === HERE;
  } catch {
    return false;
  }
}

/** Only same-origin relative paths are followed after login (no open redirects). */
export function safeNext(next: string | null | undefined): string {
  return next && isLocalPath(next) ? next : '/';
}
