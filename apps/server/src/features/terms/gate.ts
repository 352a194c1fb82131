import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CLIENT_ROUTES, TERMS_ACCEPT_PATH, TERMS_DECLINE_PATH, TERMS_START_PATH, TERMS_UNBLOCK_PATH, isTermsExemptPath, type TermsPending,
} from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import type { Terms } from './service.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PAGE_ROUTES = new Set(CLIENT_ROUTES.map((r) => r.path));
const SHARED_DATA_PATH = '/data/shared_data/';
/**
 * Writes a person with terms waiting may still make: answering the terms, leaving, and logging in
 * as another account from the account switcher.
 */
const OPEN_WRITES = new Set([TERMS_ACCEPT_PATH, TERMS_DECLINE_PATH, '/accounts/logout/', '/accounts/login/ajax/', '/accounts/login/ajax/two_factor/']);

/** Where a page sends a person whose terms wait, coming back to `next` once they agree. */
function termsPathFor(pending: Exclude<TermsPending, null>, next: string): string {
  const path = pending === 'blocked' ? TERMS_UNBLOCK_PATH : TERMS_START_PATH;
  return next === '/' ? path : `${path}?${new URLSearchParams({ next }).toString()}`;
}

/**
 * The one place the terms stop a logged-in person (after the session hook has found them): every
 * page of the app sends them to the terms first, and every write but the terms' own and logging
 * out answers 403 with `terms_required`. Reads of the API go on working, so the terms pages (and
 * the legal pages they link to) can render. Returns what the shared data tells the client.
 */
export function registerTermsGate(app: FastifyInstance, terms: Terms): (request: FastifyRequest) => TermsPending {
  const pendingOf = new WeakMap<FastifyRequest, TermsPending>();

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!request.session || route === undefined) return;
    const write = !SAFE_METHODS.has(request.method);
    const page = !write && PAGE_ROUTES.has(route);
    if (!write && !page && route !== SHARED_DATA_PATH) return;
    const pending = await terms.pending(request.session.user.id);
    pendingOf.set(request, pending);
    if (!pending) return;
    if (write && !OPEN_WRITES.has(route)) throw failWith(403, { code: 'terms_required' }, { terms_required: true });
    // Page data (?__a=1) is a read: the client's own guard sends client-side navigations to the terms.
    const wantsPageData = (request.query as Record<string, unknown>).__a === '1';
    if (page && !wantsPageData && !isTermsExemptPath(route)) return reply.redirect(termsPathFor(pending, request.url), 302);
  });

  return (request) => pendingOf.get(request) ?? null;
}
