import { TERMS_START_PATH, TERMS_UNBLOCK_PATH, isTermsExemptPath, safeNext, type TermsPending } from '@shutter/contract';

/**
 * Where the client sends a logged-in person whose terms wait, from `pathname` (null: stay). The
 * service does the same for pages it serves; this covers navigations inside the app.
 */
export function termsRedirect(pending: TermsPending | undefined, pathname: string, search: string): string | null {
  if (!pending || isTermsExemptPath(pathname)) return null;
  const path = pending === 'blocked' ? TERMS_UNBLOCK_PATH : TERMS_START_PATH;
  const next = `${pathname}${search}`;
  return next === '/' ? path : `${path}?${new URLSearchParams({ next }).toString()}`;
}

/** Where "Continue" goes once the terms are agreed: the page the person was on its way to, on this site only. */
export const continueTo = (search: string) => safeNext(new URLSearchParams(search).get('next'));

/** The same `next` carried from one terms screen to the next. */
export function withNext(path: string, search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next ? `${path}?${new URLSearchParams({ next }).toString()}` : path;
}
