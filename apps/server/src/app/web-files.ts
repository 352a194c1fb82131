import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The build's compressed copies of the web client's files: sent in their place, never by their own name. */
const PRECOMPRESSED = /\.(?:br|gz)$/;

/**
 * The security headers that only a document (or a worker, whose script is its document) reads: a
 * page's scripts and stylesheets are sent without them, some 550 bytes each of the page's dozens
 * of files. `nosniff` and the resource policy stay on every file.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control',
  'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
];
// The file sent may be the build's compressed copy of it.
const SUBRESOURCE = /\.(?:js|css)(?:\.br|\.gz)?$/;
/** A worker's script (the web client names its sources `*-worker.ts`): its policy is the worker's own. */
const WORKER = /-worker-[\w-]+\.js(?:\.br|\.gz)?$/;

/** The web client's built files: its hashed assets, and its other public files by name. */
export async function registerWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
  const assets = path.join(webDist, 'assets');
  if (fs.existsSync(assets)) {
    // Hashed names: a file never changes under its URL, so browsers and proxies keep it for a year. The
    // build writes a .br and a .gz beside each text file (apps/web/scripts/precompress.mjs); the one the
    // request accepts is sent as it is, and only files without one are compressed on the fly.
    await app.register(fastifyStatic, {
      root: assets, prefix: '/assets/', decorateReply: false, index: false, immutable: true, maxAge: '365d',
      preCompressed: true,
      allowedPath: (pathname) => !PRECOMPRESSED.test(pathname),
      setHeaders: (res, file) => {
        res.setHeader('vary', 'accept-encoding');
        if (!SUBRESOURCE.test(file) || WORKER.test(path.basename(file))) return;
        // The response itself (its typing shows less), where the security headers were set.
        const raw = res as unknown as Pick<ServerResponse, 'removeHeader'>;
        for (const name of PAGE_ONLY_HEADERS) raw.removeHeader(name);
      },
    });
  }
  // The web client's other public files (icons, manifest), by name only: index.html is served per route.
  if (fs.existsSync(webDist)) {
    for (const file of fs.readdirSync(webDist)) {
      const full = path.join(webDist, file);
      // Dotfiles are the build's own (.build-fingerprint), not the client's.
      if (file === 'index.html' || file.startsWith('.') || PRECOMPRESSED.test(file) || !fs.statSync(full).isFile()) continue;
      const body = fs.readFileSync(full);
      const type = contentType(file);
      app.get(`/${file}`, { schema: { hide: true } }, async (_req, reply) => reply.type(type).header('cache-control', 'public, max-age=3600').send(body));
    }
  }
}

function contentType(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return (
    { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' } as Record<string, string>
  )[ext] ?? 'application/octet-stream';
}
