import { text } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ROUTES, NON_CLIENT_PREFIXES, isLocalPath, normalizePathname, type ClientRoute } from '@shutter/contract';
import { pageData, sharedData as sharedDataSchema } from '@shutter/contract/results';
import { z } from 'zod';
import { SECURITY } from '../answers.js';
import type { ShellRenderer } from './html.js';
import { isSharedPage, pageValidators, setPageCaching, varyByLayout, type PageCaching } from './page-cache.js';
import { notAvailable, type PageLoaders, type PageResult } from './page-result.js';
import { screenModules } from './screen-modules.js';
import { isPhone, renderPage, type ServerEntryLoader } from './server-render.js';
import type { SharedDataOf } from './shared-data.js';

const wantsPageData = (request: FastifyRequest) => (request.query as Record<string, unknown>).__a === '1';

export interface PageRoutesOptions {
  loaders: PageLoaders;
  sharedData: SharedDataOf;
  render: ShellRenderer;
  /** The web client's server build; without one (or when it fails) the client renders every page. */
  serverEntry?: ServerEntryLoader;
}

/** The page of a route: protected ones need a session; `plain` ones carry no data of their own. */
async function loadPage(route: ClientRoute, request: FastifyRequest, loaders: PageLoaders): Promise<PageResult> {
  const title = route.title ?? 'Shutter';
  if (route.access === 'protected' && !request.session) return { statusCode: 401, body: { status: 'fail', message: 'Log in to continue.' }, meta: { title } };
  if (route.page === 'plain') return { statusCode: 200, body: { status: 'ok' }, meta: { title } };
  const params = request.params as Record<string, string>;
  return loaders[route.page]!({ route, request, params, viewerId: request.session?.user.id ?? null, wantsHtml: !wantsPageData(request) });
}

/**
 * Every route of the contract's route table answers GET with the app's HTML, or with its page
 * data at ?__a=1; each feature gives the page data of its kinds of page. A client path without
 * its trailing slash is redirected permanently to the slashed one, query kept.
 */
export function registerPageRoutes(app: FastifyInstance, { loaders, sharedData, render, serverEntry }: PageRoutesOptions): PageSender {
  const missing = CLIENT_ROUTES.filter((r) => r.page !== 'plain' && !loaders[r.page]).map((r) => r.page);
  if (missing.length) throw new Error(`No page data for: ${[...new Set(missing)].join(', ')}`);

  /** `shared`: a page the same for every logged-out visitor (see page-cache.ts); otherwise no one keeps it. */
  async function send(request: FastifyRequest, reply: FastifyReply, page: PageResult, route?: ClientRoute, modules: string[] = [], shared = false) {
    // Page data is the same for every logged-out visitor; the HTML carries their own csrf token.
    const caching: PageCaching = !shared ? 'none' : wantsPageData(request) ? 'shared' : 'own';
    setPageCaching(request, reply, caching);
    if (wantsPageData(request)) return reply.code(page.statusCode).send(page.body);
    if (page.redirect) return reply.redirect(page.redirect, 302);
    // A protected page still gets the app: the client sends the visitor to login and back.
    const status = page.statusCode === 401 ? 200 : page.statusCode;
    reply.code(status).type('text/html; charset=utf-8');
    const shell = { ...page.shell, modules };
    const visitor = sharedData(request);
    // The landing page is rendered at build time; a page that failed or redirects is the client's.
    const rendered = serverEntry && route && page.statusCode === 200 && !shell.prerendered
      ? await renderPage(serverEntry, request.log, request.url, {
          route, params: request.params as Record<string, string>, pageData: page.body, feed: shell.feed, editProfile: shell.editProfile, search: splitUrl(request.url)[1], sharedData: visitor, phone: isPhone(request),
        })
      : null;
    if (!rendered) return reply.send(render(page.meta, visitor, shell));
    varyByLayout(reply);
    const html = rendered.stream(render.parts(page.meta, visitor, shell, { serverRendered: true, firstScreen: rendered.state }));
    // A page kept and revalidated is named by a hash of its whole body (page-cache.ts): it goes out
    // whole. Others stream: the head (and its preloads) leaves before React has rendered.
    if (caching === 'none' && request.method === 'GET') return reply.send(html);
    return reply.send(await text(html));
  }

  app.get('/data/shared_data/', {
    schema: { tags: ['pages'], operationId: 'getSharedData', summary: 'The viewer and the csrf token', response: { 200: sharedDataSchema } },
  }, async (request, reply) => {
    return reply.header('cache-control', 'private, no-store').send(sharedData(request));
  });

  for (const route of CLIENT_ROUTES) {
    app.get(route.path, { schema: pageSchema(route), config: { failures: [404] }, onSend: pageValidators }, async (request, reply) => {
      const page = await loadPage(route, request, loaders);
      const modules = page.statusCode === 200 ? screenModules(route.screen, !!request.session) : [];
      return send(request, reply, page, route, modules, isSharedPage(route, request, page.statusCode));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname, query] = splitUrl(request.url);
    const isClientPath = !NON_CLIENT_PREFIXES.some((p) => pathname.startsWith(p));
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientPath) {
      const slashed = normalizePathname(pathname);
      // `//evil.example/x` would redirect to another host: only paths of this origin are slashed.
      if (slashed !== pathname && isLocalPath(slashed)) return reply.code(301).redirect(`${slashed}${query}`);
      return send(request, reply, notAvailable());
    }
    return reply.code(404).send({ status: 'fail', message: 'Not found.' });
  });

  return (request, reply, path, page) => {
    const route = CLIENT_ROUTES.find((r) => r.path === path);
    if (!route) throw new Error(`${path} is no client route`);
    return send(request, reply, page, route, page.statusCode === 200 ? screenModules(route.screen, !!request.session) : []);
  };
}

/**
 * Answers a request (a form post) with the page of the client route at `path`, rendered from
 * `page` as a GET of it would be: a form that a browser posted without script comes back with
 * what the service had to say about it. Never kept by a cache.
 */
export type PageSender = (request: FastifyRequest, reply: FastifyReply, path: string, page: PageResult) => Promise<FastifyReply>;

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}

/** The page query: __a=1 asks for the page data instead of the HTML; other keys are the page's own (next, ...). */
const pageQuery = z.looseObject({ __a: z.string().optional().describe('1 for the page data as JSON; otherwise the HTML of the app.') });

/**
 * A client route in the OpenAPI document: its HTML, or its page data (?__a=1) by its kind of page.
 * Routes with a wildcard (the create flow) carry no data and are left out.
 */
function pageSchema(route: ClientRoute) {
  if (route.path.includes('*')) return { hide: true };
  return {
    tags: ['pages'],
    summary: `${route.title ?? route.screen} (${route.screen} screen): the HTML, or its page data at ?__a=1`,
    querystring: pageQuery,
    security: route.access === 'protected' ? SECURITY.session : SECURITY.optionalSession,
    response: {
      200: {
        description: `The app's HTML, or with ?__a=1 the page data of a ${route.page} page.`,
        content: { 'application/json': { schema: pageData[route.page] }, 'text/html': { schema: z.string() } },
      },
    },
  };
}
