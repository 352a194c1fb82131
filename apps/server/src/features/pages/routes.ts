import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ROUTES, NON_CLIENT_PREFIXES, isLocalPath, normalizePathname } from '@shutter/contract';
import type { ShellRenderer } from '../shell/html.js';
import { screenModules } from './screen-modules.js';
import { loadPage, notAvailable, sharedData, type PageDeps, type PageResult } from './page-data.js';

const wantsPageData = (request: FastifyRequest) => (request.query as Record<string, unknown>).__a === '1';

function send(request: FastifyRequest, reply: FastifyReply, page: PageResult, deps: PageDeps, render: ShellRenderer, modules: string[] = []) {
  if (wantsPageData(request)) return reply.code(page.statusCode).header('cache-control', 'private, no-store').send(page.body);
  // A protected page still gets the app: the client sends the visitor to login and back.
  const status = page.statusCode === 401 ? 200 : page.statusCode;
  return reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .type('text/html; charset=utf-8')
    .send(render(page.meta, sharedData(request, deps), { ...page.shell, modules }));
}

/**
 * Every client route answers GET with the app's HTML, or with its page data at ?__a=1. A client
 * path without its trailing slash is redirected permanently to the slashed one, query kept.
 */
export function registerPageRoutes(app: FastifyInstance, deps: PageDeps, render: ShellRenderer): void {
  app.get('/data/shared_data/', { schema: { tags: ['pages'], summary: 'The viewer and the csrf token' } }, async (request, reply) => {
    return reply.header('cache-control', 'private, no-store').send(sharedData(request, deps));
  });

  for (const route of CLIENT_ROUTES) {
    app.get(route.path, { schema: { hide: true } }, async (request, reply) => {
      const page = await loadPage(route, request, deps, !wantsPageData(request));
      const modules = page.statusCode === 200 ? screenModules(route.screen, !!request.session) : [];
      return send(request, reply, page, deps, render, modules);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname, query] = splitUrl(request.url);
    const isClientPath = !NON_CLIENT_PREFIXES.some((p) => pathname.startsWith(p));
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientPath) {
      const slashed = normalizePathname(pathname);
      // `//evil.example/x` would redirect to another host: only paths of this origin are slashed.
      if (slashed !== pathname && isLocalPath(slashed)) return reply.code(301).redirect(`${slashed}${query}`);
      return send(request, reply, notAvailable(), deps, render);
    }
    return reply.code(404).send({ status: 'fail', message: 'Not found.' });
  });
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
