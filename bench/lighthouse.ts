/**
 * Lighthouse (mobile emulation, performance only) on the built web client as the embedded default
 * serves it: the landing page logged out and the feed logged in as alice, a few runs each, medians.
 * Assumes `npm run build` was run. Lighthouse's default mobile run uses simulated throttling
 * (a slow 4G phone modelled from the trace), which keeps LCP and TBT less sensitive to this
 * machine's own load than wall-clock numbers, though TBT still moves with CPU contention.
 *
 *   node --import tsx bench/lighthouse.ts [--runs 3] [--chromium /usr/bin/chromium] [--lhr-dir DIR]
 *
 * Each run prints LCP's phases (time to first byte, load delay and time of its resource, render
 * delay); --lhr-dir keeps every run's full report there as JSON.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD } from '../apps/server/src/seed/personas.js';
import { flag, fmt, median } from './lib.js';

const RUNS = flag('runs', 3);
const CHROMIUM = flag('chromium', '/usr/bin/chromium');
const LHR_DIR = flag('lhr-dir', '');
if (LHR_DIR) fs.mkdirSync(LHR_DIR, { recursive: true });
const ROOT = path.resolve(import.meta.dirname, '..');
const TARGETS = { landingLcpMs: 1000, feedLcpMs: 1200, feedTbtMs: 200, cls: 0.02, landingJsKiB: 90, feedJsKiB: 250 };

if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');

// The service on the embedded default (PGlite, demo world seeded on first start) in a fresh data dir.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-lh-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const origin = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the server did not say "running at" and "Place search ready" within 180 s')), 180_000);
  let out = '';
  let running: string | undefined;
  server.stdout!.on('data', (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
    running ??= /running at (http:\/\/[^/\s]+)\//.exec(out)?.[1];
    // The first start of a data folder loads the world's places in the background for about 15 s:
    // measured only after it, so that no run shares the CPU with it.
    if (running && /Place search ready|places could not be loaded/.test(out)) { clearTimeout(timer); resolve(running); }
  });
  server.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${out}`)));
});

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const cookie = await login('alice');
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  console.log(`lighthouse: ${origin}, ${RUNS} runs per page, mobile emulation (default simulated throttling)`);
  const landing = await audit('landing (logged out)', undefined);
  const feed = await audit('feed (alice)', cookie);

  // JS is judged on the bytes actually transferred (the targets speak of gzipped JS; if the server
  // does not compress, transferred is raw and the gzip column shows what compression alone would give).
  console.log('\nmedians      LCP ms     CLS   TBT ms  JS KiB transferred  JS KiB gzipped   targets');
  for (const [page, r, js, lcpMs] of [['landing', landing, TARGETS.landingJsKiB, TARGETS.landingLcpMs], ['feed', feed, TARGETS.feedJsKiB, TARGETS.feedLcpMs]] as const) {
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    console.log(`${page.padEnd(9)} ${fmt(r.lcp, 0).padStart(9)} ${fmt(r.cls, 3).padStart(7)} ${fmt(r.tbt, 0).padStart(8)} ${fmt(r.jsKiB, 1).padStart(19)} ${fmt(r.gzKiB, 1).padStart(15)}   ` +
      `LCP<=${lcpMs} ${verdict(r.lcp <= lcpMs)}, CLS<=${TARGETS.cls} ${verdict(r.cls <= TARGETS.cls)}, JS<=${js} ${verdict(r.jsKiB <= js)} (gzipped ${verdict(r.gzKiB <= js)})` +
      (page === 'feed' ? `, TBT<=${TARGETS.feedTbtMs} ${verdict(r.tbt <= TARGETS.feedTbtMs)}` : ''));
  }
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function login(username: string): Promise<string> {
  const csrf = /csrftoken=([^;]+)/.exec((await fetch(`${origin}/`)).headers.getSetCookie().join(';'))?.[1];
  const res = await fetch(`${origin}/accounts/login/ajax/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': csrf ?? '', cookie: `csrftoken=${csrf}` },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  const session = /sessionid=([^;]+)/.exec(res.headers.getSetCookie().join(';'))?.[1];
  // The login renews the csrftoken for the new session: later requests carry that one.
  const token = /csrftoken=([^;]+)/.exec(res.headers.getSetCookie().join(';'))?.[1];
  if (!session) throw new Error(`login as ${username} failed: ${res.status}`);
  return `csrftoken=${token}; sessionid=${session}`;
}

/**
 * Chromium lets its cookie store's Cookie header win over the one from extraHeaders once the store
 * holds any cookie for the origin (the server sets csrftoken on the first visit), so the session
 * goes into the store as well, and the store is emptied for logged-out runs.
 */
async function setCookieJar(cookie: string | undefined) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome!.port}` });
  try {
    const current = await browser.cookies();
    if (current.length) await browser.deleteCookie(...current);
    const pairs = (cookie ?? '').split('; ').filter(Boolean).map((kv) => kv.split('=') as [string, string]);
    if (pairs.length) await browser.setCookie(...pairs.map(([name, value]) => ({ name, value, domain: '127.0.0.1', path: '/' })));
  } finally {
    await browser.disconnect();
  }
}

/** Median LCP, CLS and TBT over RUNS, and the script bytes on the wire (gzipped, as transferred). */
async function audit(label: string, cookie: string | undefined) {
  const runs = [];
  for (let i = 0, failures = 0; i < RUNS; i++) {
    await setCookieJar(cookie);
    const result = await lighthouse(`${origin}/`, {
      port: chrome!.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const a = result.lhr.audits;
    // Under CPU contention a run now and then fails (NO_NAVSTART, NO_LCP): retry it, a few times at most.
    if (result.lhr.runtimeError) {
      console.log(`  ${label} run ${i + 1} failed: ${result.lhr.runtimeError.code}, retrying`);
      if (++failures > 3) throw new Error(`${label}: too many failed runs`);
      i--;
      continue;
    }
    const requests = (a['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const js = scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0);
    // A logged-in home page loads the logged-in frame (its first feed page comes with the HTML);
    // without it we measured the landing page.
    const askedFeed = requests.some((r) => /\/logged-in-chrome-[\w-]+\.js$/.test(new URL(r.url).pathname));
    if (askedFeed !== Boolean(cookie)) throw new Error(`${label}: expected ${cookie ? 'the feed' : 'the landing page'}, got the other`);
    // transferSize is what went over the wire; gzip of the same bodies says what compression would give.
    const gz = await Promise.all(scripts.map(async (r) => gzipSync(Buffer.from(await (await fetch(r.url)).arrayBuffer())).length));
    // The element audit's first table names the element, its second the phases of its paint.
    const lcpElement = (a['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined)?.items;
    if (i === 0) {
      const lcpEl = lcpElement?.[0]?.items?.[0]?.node?.snippet;
      console.log(`  ${label}: ${scripts.length} scripts, ${fmt(js / 1024, 1)} KiB transferred, ${fmt(gz.reduce((x, y) => x + y, 0) / 1024, 1)} KiB if gzipped; LCP element ${lcpEl ?? '?'}`);
      for (const r of [...scripts].sort((x, y) => (y.transferSize ?? 0) - (x.transferSize ?? 0))) console.log(`    ${fmt((r.transferSize ?? 0) / 1024, 1).padStart(6)} KiB ${new URL(r.url).pathname}`);
    }
    const run = {
      lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
      cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: a['total-blocking-time']?.numericValue ?? NaN,
      jsKiB: js / 1024,
      gzKiB: gz.reduce((x, y) => x + y, 0) / 1024,
      score: (result.lhr.categories.performance?.score ?? 0) * 100,
    };
    const phases = (lcpElement?.[1]?.items ?? []).map((p) => `${p.phase} ${fmt(p.timing ?? NaN, 0)}`).join(', ');
    console.log(`  ${label} run ${i + 1}: LCP ${fmt(run.lcp, 0)} ms${phases ? ` (${phases})` : ''}, CLS ${fmt(run.cls, 3)}, TBT ${fmt(run.tbt, 0)} ms, JS ${fmt(run.jsKiB, 1)} KiB, score ${fmt(run.score, 0)}`);
    if (LHR_DIR) fs.writeFileSync(path.join(LHR_DIR, `${label.split(' ')[0]}-${i + 1}.json`), JSON.stringify(result.lhr));
    runs.push(run);
  }
  return {
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    jsKiB: median(runs.map((r) => r.jsKiB)),
    gzKiB: median(runs.map((r) => r.gzKiB)),
  };
}
