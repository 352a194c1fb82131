import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebFiles } from './web-files.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-web-files-'));
const app = Fastify();

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  const script = 'export const a = 1;\n'.repeat(100);
  fs.writeFileSync(path.join(dist, 'assets', 'feed-1a2b.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'feed-1a2b.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'main-3c4d.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dist, 'assets', 'mqtt-worker-5e6f.js'), 'self.onmessage = () => {};');
  fs.writeFileSync(path.join(dist, 'assets', 'logo-7a8b.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await app.register(fastifyHelmet);
  await registerWebFiles(app, dist);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the web client's files", () => {
  it('sends scripts and stylesheets without the headers only a document reads, compressed or not, and keeps nosniff and the resource policy', async () => {
    for (const [url, encoding] of [['/assets/feed-1a2b.js', 'br'], ['/assets/feed-1a2b.js', 'identity'], ['/assets/main-3c4d.css', 'identity']] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      if (encoding === 'br') expect(res.headers['content-encoding']).toBe('br');
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) expect(res.headers[name]).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it("keeps every header on a worker's script, whose policy is the worker's own, and on images", async () => {
    for (const url of ['/assets/mqtt-worker-5e6f.js', '/assets/logo-7a8b.svg']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});
