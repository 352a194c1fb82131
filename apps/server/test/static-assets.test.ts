import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../web/scripts/precompress.mjs';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// A built client's layout: the shell, hashed assets, and a public file at the top.
const SCRIPT = `export const greeting = ${JSON.stringify('hello from the bundle '.repeat(200))};\nconsole.log(greeting);\n`;
const STYLES = `.a{color:red}\n`.repeat(120);
const TINY = 'export const x = 1;\n';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title><!--app-title--></title><!--app-head--></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, '.build-fingerprint'), 'abc\n');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), STYLES);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-Ij90Kl12.js'), TINY);
  precompress(path.join(dist, 'assets'));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe(`the web client's files (${databaseKind})`, () => {
  it('the build writes a Brotli and a gzip copy of each text asset over 1 KB, and none of a smaller one', () => {
    const files = fs.readdirSync(path.join(dist, 'assets')).sort();
    expect(files).toEqual([
      'index-Ab12Cd34.js', 'index-Ab12Cd34.js.br', 'index-Ab12Cd34.js.gz',
      'index-Ef56Gh78.css', 'index-Ef56Gh78.css.br', 'index-Ef56Gh78.css.gz',
      'tiny-Ij90Kl12.js',
    ]);
  });

  it('sends the Brotli copy to a browser that accepts it, with the headers that let every cache keep it for good', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBe(fs.statSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.br')).size);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);

    const css = await get('/assets/index-Ef56Gh78.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(zlib.brotliDecompressSync(css.rawPayload).toString()).toBe(STYLES);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    // The build's copy, not one compressed again for this request.
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/index-Ab12Cd34.js', accept);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('a file without a compressed copy is still served, and the copies are not files of their own', async () => {
    const tiny = await get('/assets/tiny-Ij90Kl12.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
    const body = tiny.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(tiny.rawPayload).toString() : tiny.body;
    expect(body).toBe(TINY);

    for (const url of ['/assets/index-Ab12Cd34.js.br', '/assets/index-Ab12Cd34.js.gz']) expect((await get(url, 'br')).statusCode, url).toBe(404);
    expect((await get('/assets/missing-00000000.js', 'br')).statusCode).toBe(404);
    expect((await get('/.build-fingerprint')).statusCode).toBe(404);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('sets no cookie: a cache that keeps a file would hand its Set-Cookie to everyone', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/tiny-Ij90Kl12.js', '/favicon.svg', '/static/default-avatar.svg']) {
      for (const cookie of [undefined, 'sessionid=no-such-session']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toMatch(/^public/);
        expect(res.headers['set-cookie'], `${url} ${cookie ?? ''}`).toBeUndefined();
      }
    }
    // A page still gives a first visitor their csrftoken.
    expect(String((await get('/accounts/login/')).headers['set-cookie'])).toMatch(/^csrftoken=/);
  });
});
