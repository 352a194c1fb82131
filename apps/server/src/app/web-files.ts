import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The build's compressed copies of the web client's files: sent in their place, never by their own name. */
const PRECOMPRESSED = /\.(?:br|gz)$/;

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
      setHeaders: (res) => { res.setHeader('vary', 'accept-encoding'); },
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
