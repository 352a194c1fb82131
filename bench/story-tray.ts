/**
 * The story tray under load: one viewer following 2,000 accounts that each have live stories
 * (a third of them already seen, some private, some close friends' only, and a month of expired
 * stories each in the archive), side by side with a baseline route that serves the captured tray
 * from memory. Alternating rounds in one process, on PGlite and on PostgreSQL (a database of its
 * own, dropped at the end); then EXPLAIN (ANALYZE, BUFFERS) of the tray's one statement.
 *
 *   node --import tsx bench/story-tray.ts [--only pglite|postgres] [--accounts 2000] [--rounds 3]
 *     [--others 8000] [--duration 10] [--connections 10] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--database shutter_bench_stories] [--port 0] [--data-dir <system temp dir>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { Kysely, PGliteDialect, PostgresDialect, sql, type CompiledQuery, type LogEvent } from 'kysely';
import pg from 'pg';
import { QUERY_HASHES, STORY_TRAY_MAX, STORY_TTL_MS } from '@shutter/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { createStoryReadsRepository } from '../apps/server/src/features/stories/reads.repository.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { startQueue } from '../apps/server/src/platform/queue.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { flag, fmt, median, rng } from './lib.js';
import { load, login } from './http.js';

const ACCOUNTS = flag('accounts', 2000);
/** Accounts with live stories the viewer does not follow: the tray must not walk their stories. */
const OTHERS = flag('others', 8000);
const ROUNDS = flag('rounds', 3);
const DURATION = flag('duration', 10);
const CONNECTIONS = flag('connections', 10);
const ONLY = flag('only', '');
const ADMIN_URL = flag('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const BENCH_DB = flag('database', 'shutter_bench_stories');
/** The first database's server listens here, the second's on the next port (0: any free port). */
const PORT = flag('port', 0);
const DATA_DIR = flag('data-dir', os.tmpdir());
const PASSWORD = 'bench-stories-password';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const nextId = createIdGenerator(11);
const trayPath = `/graphql/query/?query_hash=${QUERY_HASHES.feed_tray}&variables=${encodeURIComponent('{}')}`;

/** The viewer, the accounts they follow and their stories, written through unnest in large statements. */
async function seed(db: Db): Promise<{ viewerId: string; username: string; stories: number }> {
  const rand = rng(42);
  const viewerId = nextId();
  const username = 'tray_viewer';
  const hash = await hashPassword(PASSWORD);
  const ids = Array.from({ length: ACCOUNTS }, () => nextId());
  const others = Array.from({ length: OTHERS }, () => nextId());
  const everyone = [...ids, ...others];
  const names = everyone.map((id) => `tray_${id}`);
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash)
    values (${viewerId}, ${username}, ${username}, 'tray_viewer@example.org', 'tray_viewer@example.org', ${hash})`.execute(db);
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash, is_private)
    select id, name, name, name || '@example.org', name || '@example.org', 'x', private
    from unnest(${sql.val(everyone)}::bigint[], ${sql.val(names)}::text[], ${sql.val(everyone.map(() => rand() < 0.1))}::boolean[]) t(id, name, private)`.execute(db);
  await sql`insert into follows (id, follower_id, followee_id)
    select (${sql.val(ids.map(() => nextId()))}::bigint[])[n], ${viewerId}, id from unnest(${sql.val(ids)}::bigint[]) with ordinality t(id, n)`.execute(db);
  // Half of those with close friends' stories list the viewer among them.
  const friendsOf = ids.filter(() => rand() < 0.05);
  await sql`insert into close_friends (owner_id, friend_id) select id, ${viewerId} from unnest(${sql.val(friendsOf)}::bigint[]) t(id)`.execute(db);

  const now = Date.now();
  const rows: { id: string; owner: string; taken: Date; audience: string }[] = [];
  for (const owner of ids) {
    // 1 to 4 live stories in the last day, one a day for the 30 days before (the archive).
    const live = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < live; i++) rows.push({ id: nextId(), owner, taken: new Date(now - rand() * 23 * HOUR), audience: rand() < 0.05 ? 'besties' : 'everyone' });
    for (let d = 1; d <= 30; d++) rows.push({ id: nextId(), owner, taken: new Date(now - d * DAY - rand() * DAY), audience: 'everyone' });
  }
  for (const owner of others) {
    for (let i = 0, n = 1 + Math.floor(rand() * 2); i < n; i++) rows.push({ id: nextId(), owner, taken: new Date(now - rand() * 23 * HOUR), audience: 'everyone' });
  }
  for (let i = 0; i < rows.length; i += 10_000) {
    const part = rows.slice(i, i + 10_000);
    await sql`insert into stories (id, owner_id, kind, audience, upload_id, width, height, variants, taken_at, expiring_at)
      select id, owner, 'image', audience, 'bench' || id, 1080, 1920,
        jsonb_build_array(jsonb_build_object('width', 480, 'height', 853, 'key', 'stories/' || owner || '/' || id || '_480.jpg')),
        taken, taken + ${sql.raw(`interval '${STORY_TTL_MS / 1000} seconds'`)}
      from unnest(${sql.val(part.map((r) => r.id))}::bigint[], ${sql.val(part.map((r) => r.owner))}::bigint[],
        ${sql.val(part.map((r) => r.audience))}::text[], ${sql.val(part.map((r) => r.taken.toISOString()))}::timestamptz[]) t(id, owner, audience, taken)`.execute(db);
  }
  // A third of the reels seen, up to their newest story: the tray puts them behind the unseen ones.
  await sql`insert into story_reel_seen (viewer_id, owner_id, seen_at)
    select ${viewerId}, owner_id, max(taken_at) from stories
    where owner_id = any(${sql.val(ids.filter(() => rand() < 1 / 3))}::bigint[]) and expiring_at > now()
    group by owner_id`.execute(db);
  await sql`analyze`.execute(db);
  return { viewerId, username, stories: rows.length };
}


const loadRoute = (origin: string, route: string, cookie: string) => load(origin, route, cookie, CONNECTIONS, DURATION);

/** The tray's statement as the service sends it, run under EXPLAIN (ANALYZE, BUFFERS) on the same database. */
async function explainTray(database: DatabaseHandle, url: string | undefined, viewerId: string): Promise<string[]> {
  const seen: CompiledQuery[] = [];
  const log = (e: LogEvent) => { if (e.level === 'query') seen.push(e.query); };
  const pool = url ? new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' }) : null;
  const dialect = pool ? new PostgresDialect({ pool }) : new PGliteDialect({ pglite: database.pglite! });
  const db = new Kysely<Database>({ dialect, log });
  await createStoryReadsRepository(db).tray(viewerId, new Date(), STORY_TRAY_MAX);
  const q = seen[0]!;
  const params = q.parameters as unknown[];
  const text = `explain (analyze, buffers) ${q.sql}`;
  const rows = pool ? (await pool.query(text, params)).rows : (await database.pglite!.query<Record<string, string>>(text, params)).rows;
  if (pool) await pool.end();
  return rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

async function measure(kind: 'pglite' | 'postgres', port: number): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(DATA_DIR, 'shutter-bench-stories-'));
  const url = kind === 'postgres' ? Object.assign(new URL(ADMIN_URL), { pathname: `/${BENCH_DB}` }).toString() : undefined;
  if (url) {
    await admin(`drop database if exists ${BENCH_DB} with (force)`);
    await admin(`create database ${BENCH_DB}`);
  }
  const database = await openDatabase(url ? { url } : {});
  try {
    await migrateToLatest(database.db);
    const t0 = performance.now();
    const world = await seed(database.db);
    console.log(`\n== ${kind}: ${ACCOUNTS} followed accounts and ${OTHERS} others, ${world.stories} stories (live and archived), seeded in ${fmt((performance.now() - t0) / 1000)} s`);
    const queue = await startQueue(url ? { connectionString: url } : { pglite: database.pglite });
    const app = await buildApp({
      config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }), db: database.db, nextId, storage: createLocalStorage(path.join(dataDir, 'media')),
      queue, runWorkers: false, logger: false,
    });
    let baseline = { body: '', type: 'application/json; charset=utf-8' };
    app.get('/bench/baseline', async (_req, reply) => reply.type(baseline.type).send(baseline.body));
    const served = new Map<string, number>();
    app.addHook('onResponse', async (req, reply) => {
      const key = `${req.routeOptions.url} ${reply.statusCode}`;
      served.set(key, (served.get(key) ?? 0) + 1);
    });
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const cookie = await login(origin, world.username, PASSWORD);
      const first = await fetch(origin + trayPath, { headers: { cookie } });
      baseline = { body: await first.text(), type: first.headers.get('content-type') ?? baseline.type };
      const tray = JSON.parse(baseline.body).data.user.feed_reels_tray.edge_reels_tray_to_reel.edges as { node: { seen: number; latest_reel_media: number } }[];
      const unseen = tray.filter((e) => e.node.seen < e.node.latest_reel_media).length;
      console.log(`tray: ${tray.length} reels (${unseen} unseen first), ${baseline.body.length} bytes`);

      const runs = { tray: [] as Result[], baseline: [] as Result[] };
      const anonymous = cookie.split(';')[0]!;
      await loadRoute(origin, trayPath, cookie); // warm-up
      for (let r = 0; r < ROUNDS; r++) {
        for (const which of r % 2 ? (['baseline', 'tray'] as const) : (['tray', 'baseline'] as const)) {
          served.clear();
          const res = await loadRoute(origin, which === 'tray' ? trayPath : '/bench/baseline', which === 'tray' ? cookie : anonymous);
          const route = which === 'tray' ? '/graphql/query/ 200' : '/bench/baseline 200';
          if ((served.get(route) ?? 0) < res.requests.total || res.non2xx || res.errors) console.warn(`  ${which}: served ${JSON.stringify(Object.fromEntries(served))}`);
          runs[which].push(res);
          console.log(`  round ${r + 1} ${which.padEnd(8)} ${fmt(res.requests.average).padStart(8)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms`);
        }
      }
      const m = (which: 'tray' | 'baseline', f: (x: Result) => number) => median(runs[which].map(f));
      const ratio = (f: (x: Result) => number) => median(runs.tray.map((x, r) => f(x) / f(runs.baseline[r]!)));
      const plan = await explainTray(database, url, world.viewerId);
      console.log(`EXPLAIN (ANALYZE, BUFFERS) of the tray (${kind}):\n${plan.join('\n')}`);
      return `| ${kind} | ${fmt(m('tray', (x) => x.requests.average), 0)} | ${m('tray', (x) => x.latency.p50)} | ${m('tray', (x) => x.latency.p99)} | ${fmt(m('baseline', (x) => x.requests.average), 0)} | ${m('baseline', (x) => x.latency.p50)} | ${m('baseline', (x) => x.latency.p99)} | x${fmt(ratio((x) => x.requests.average), 3)} | x${fmt(ratio((x) => Math.max(x.latency.p50, 1)), 1)} | ${plan.find((l) => l.startsWith('Execution Time')) ?? ''} |`;
    } finally {
      await app.close();
      await queue.stop();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (url) await admin(`drop database if exists ${BENCH_DB} with (force)`);
  }
}

const lines: string[] = [];
for (const [i, kind] of (['pglite', 'postgres'] as const).entries()) if (!ONLY || ONLY === kind) lines.push(await measure(kind, PORT && PORT + i));
console.log(`\nmedians over ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections`);
console.log('| database | tray req/s | p50 ms | p99 ms | baseline req/s | p50 ms | p99 ms | throughput tray/baseline | p50 tray/baseline | tray statement |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const line of lines) console.log(line);
