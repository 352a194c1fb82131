/**
 * The direct inbox under load: one viewer in 200 threads (one-to-one threads and groups, 30
 * messages each, some liked, some seen), side by side with a baseline route that serves the
 * captured inbox from memory. The inbox's first page is kept ready per viewer, and at each read the
 * access rules are asked again; asked without `seq_id`, the viewer's sequence number is read too on
 * PostgreSQL (the embedded database has one process, which drops the page at every change). It
 * is measured as a page loads it (no `seq_id`), as a client told of its newest event reloads it
 * (with that `seq_id`: no read), and with neither check. Alternating
 * rounds in one process, at 10 and at 50 connections, on PGlite and on PostgreSQL (a database of
 * its own, dropped at the end).
 *
 *   node --import tsx bench/direct-inbox.ts [--only pglite|postgres] [--threads 200] [--messages 30]
 *     [--rounds 3] [--duration 10] [--connections 10,50] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--database shutter_bench_inbox] [--port 0] [--data-dir <system temp dir>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database.js';
import { inboxRecheck } from '../apps/server/src/features/direct/prepared-inbox.js';
import { createIdGenerator, decomposeId } from '../apps/server/src/platform/ids.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { startQueue } from '../apps/server/src/platform/queue.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { flag, fmt, median, rng } from './lib.js';
import { load, login } from './http.js';

const THREADS = flag('threads', 200);
const MESSAGES = flag('messages', 30);
const ROUNDS = flag('rounds', 3);
const DURATION = flag('duration', 10);
const CONNECTIONS = flag('connections', '10,50').split(',').map(Number);
const ONLY = flag('only', '');
const ADMIN_URL = flag('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const BENCH_DB = flag('database', 'shutter_bench_inbox');
/** The first database's server listens here, the second's on the next port (0: any free port). */
const PORT = flag('port', 0);
const DATA_DIR = flag('data-dir', os.tmpdir());
const PASSWORD = 'bench-inbox-password';
/** One group in this many threads, of 3 to 6 people. */
const GROUP_EVERY = 10;

const nextId = createIdGenerator(12);
const inboxPath = '/direct_v2/web/inbox/';

/** The viewer, the people they write with, the threads, their messages and likes, in large statements. */
async function seed(db: Db): Promise<{ username: string; items: number }> {
  const rand = rng(7);
  const viewerId = nextId();
  const username = 'inbox_viewer';
  const people = Array.from({ length: THREADS }, () => nextId());
  const names = people.map((id) => `inbox_${id}`);
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash)
    values (${viewerId}, ${username}, ${username}, 'inbox_viewer@example.org', 'inbox_viewer@example.org', ${await hashPassword(PASSWORD)})`.execute(db);
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash)
    select id, name, name, name || '@example.org', name || '@example.org', 'x'
    from unnest(${sql.val(people)}::bigint[], ${sql.val(names)}::text[]) t(id, name)`.execute(db);

  const threads: { id: string; group: boolean; members: string[]; last: string; lastUser: string }[] = [];
  const items: { id: string; thread: string; user: string; text: string }[] = [];
  const likes: { item: string; user: string }[] = [];
  for (let i = 0; i < THREADS; i++) {
    const group = i % GROUP_EVERY === 0;
    const others = group ? Array.from({ length: 2 + Math.floor(rand() * 4) }, () => people[Math.floor(rand() * people.length)]!) : [people[i]!];
    const members = [viewerId, ...new Set(others)];
    threads.push({ id: nextId(), group, members, last: '', lastUser: '' });
  }
  // Messages in time order across threads, so that thread activity interleaves as in a real inbox.
  for (let m = 0; m < MESSAGES; m++) {
    for (const t of threads) {
      const user = t.members[Math.floor(rand() * t.members.length)]!;
      const id = nextId();
      items.push({ id, thread: t.id, user, text: `message ${m} in ${t.id}: ${'lorem ipsum '.repeat(1 + Math.floor(rand() * 6))}` });
      if (rand() < 0.15) likes.push({ item: id, user: t.members.find((x) => x !== user)! });
      t.last = id;
      t.lastUser = user;
    }
  }
  const at = (id: string) => new Date(decomposeId(id).timestampMs).toISOString();
  await sql`insert into direct_threads (id, is_group, title, creator_id, pair_key, last_activity_at, last_item_id, last_permanent_item_id, last_permanent_user_id)
    select id, grp, null, ${viewerId}, case when grp then null else pair end, at, last, last, last_user
    from unnest(${sql.val(threads.map((t) => t.id))}::bigint[], ${sql.val(threads.map((t) => t.group))}::boolean[],
      ${sql.val(threads.map((t) => [...t.members].sort().join(':')))}::text[], ${sql.val(threads.map((t) => at(t.last)))}::timestamptz[],
      ${sql.val(threads.map((t) => t.last))}::bigint[], ${sql.val(threads.map((t) => t.lastUser))}::bigint[]) t(id, grp, pair, at, last, last_user)`.execute(db);
  const members = threads.flatMap((t) => t.members.map((u, k) => ({ thread: t.id, user: u, admin: t.group && k === 0, at: at(t.last), seen: rand() < 0.6 ? t.last : null })));
  await sql`insert into direct_members (thread_id, user_id, state, is_admin, last_seen_item_id, last_seen_at, activity_at)
    select thread, u, 'active', admin, seen, case when seen is null then null else at end, at
    from unnest(${sql.val(members.map((m) => m.thread))}::bigint[], ${sql.val(members.map((m) => m.user))}::bigint[], ${sql.val(members.map((m) => m.admin))}::boolean[],
      ${sql.val(members.map((m) => m.seen))}::bigint[], ${sql.val(members.map((m) => m.at))}::timestamptz[]) t(thread, u, admin, seen, at)`.execute(db);
  for (let i = 0; i < items.length; i += 10_000) {
    const part = items.slice(i, i + 10_000);
    await sql`insert into direct_items (id, thread_id, user_id, item_type, text)
      select id, thread, u, 'text', text from unnest(${sql.val(part.map((x) => x.id))}::bigint[], ${sql.val(part.map((x) => x.thread))}::bigint[],
        ${sql.val(part.map((x) => x.user))}::bigint[], ${sql.val(part.map((x) => x.text))}::text[]) t(id, thread, u, text)`.execute(db);
  }
  await sql`insert into direct_item_reactions (item_id, user_id)
    select item, u from unnest(${sql.val(likes.map((l) => l.item))}::bigint[], ${sql.val(likes.map((l) => l.user))}::bigint[]) t(item, u)
    on conflict do nothing`.execute(db);
  await sql`analyze`.execute(db);
  return { username, items: items.length };
}


const loadRoute = (origin: string, route: string, cookie: string, connections: number) => load(origin, route, cookie, connections, DURATION);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

/**
 * The inbox as a page loads it, as a client told of its newest event reloads it (`seq_id`), without
 * the access rules' check; and the captured bytes from memory.
 */
type Which = 'served' | 'told' | 'unchecked' | 'baseline';
const CHECKS: Record<Exclude<Which, 'baseline'>, typeof inboxRecheck> = { served: { access: true, seq: true }, told: { access: true, seq: true }, unchecked: { access: false, seq: false } };

async function measure(kind: 'pglite' | 'postgres', port: number): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(DATA_DIR, 'shutter-bench-inbox-'));
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
    console.log(`\n== ${kind}: a viewer in ${THREADS} threads, ${world.items} messages, seeded in ${fmt((performance.now() - t0) / 1000)} s`);
    const queue = await startQueue(url ? { connectionString: url } : { pglite: database.pglite });
    const app = await buildApp({
      config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }), db: database.db, soleWriter: database.kind === 'pglite', nextId, storage: createLocalStorage(path.join(dataDir, 'media')),
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
      // Built once without anything kept (the cost of every request before), then kept.
      const cold = performance.now();
      const first = await fetch(origin + inboxPath, { headers: { cookie } });
      const coldMs = performance.now() - cold;
      baseline = { body: await first.text(), type: first.headers.get('content-type') ?? baseline.type };
      const answer = JSON.parse(baseline.body) as { seq_id: number; inbox: { threads: { items: unknown[] }[] } };
      const pathOf = (which: Which) => (which === 'baseline' ? '/bench/baseline' : which === 'told' ? `${inboxPath}?seq_id=${answer.seq_id}` : inboxPath);
      console.log(`inbox: ${answer.inbox.threads.length} threads, ${answer.inbox.threads.reduce((n, t) => n + t.items.length, 0)} messages, ${baseline.body.length} bytes, built in ${fmt(coldMs)} ms`);
      const anonymous = cookie.split(';')[0]!;
      const lines: string[] = [];
      for (const connections of CONNECTIONS) {
        const runs: Record<Which, Result[]> = { served: [], told: [], unchecked: [], baseline: [] };
        await loadRoute(origin, inboxPath, cookie, connections); // warm-up
        const orders: Which[][] = [['served', 'told', 'unchecked', 'baseline'], ['baseline', 'unchecked', 'told', 'served']];
        for (let r = 0; r < ROUNDS; r++) {
          for (const which of orders[r % orders.length]!) {
            served.clear();
            if (which !== 'baseline') Object.assign(inboxRecheck, CHECKS[which]);
            const res = await loadRoute(origin, pathOf(which), which === 'baseline' ? anonymous : cookie, connections);
            const route = which === 'baseline' ? '/bench/baseline 200' : `${inboxPath} 200`;
            if ((served.get(route) ?? 0) < res.requests.total || res.non2xx || res.errors) console.warn(`  ${which}: served ${JSON.stringify(Object.fromEntries(served))}`);
            runs[which].push(res);
            console.log(`  ${connections} conn, round ${r + 1} ${which.padEnd(9)} ${fmt(res.requests.average).padStart(8)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms`);
          }
        }
        Object.assign(inboxRecheck, CHECKS.served);
        const m = (which: Which, f: (x: Result) => number) => median(runs[which].map(f));
        const ratio = (which: Which, f: (x: Result) => number) => median(runs[which].map((x, r) => f(x) / Math.max(f(runs.baseline[r]!), 1)));
        const rps = (x: Result) => x.requests.average;
        const p99 = (x: Result) => x.latency.p99;
        const cell = (which: Which) => `${fmt(m(which, rps), 0)} / ${m(which, p99)} ms`;
        const ratios = (which: Which) => `x${fmt(ratio(which, rps), 2)} / x${fmt(ratio(which, p99), 2)}`;
        lines.push(`| ${kind} | ${connections} | ${cell('served')} | ${cell('told')} | ${cell('unchecked')} | ${cell('baseline')} | `
          + `${ratios('served')} | ${ratios('told')} | ${ratios('unchecked')} | ${fmt(coldMs, 0)} ms |`);
      }
      return lines;
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
for (const [i, kind] of (['pglite', 'postgres'] as const).entries()) if (!ONLY || ONLY === kind) lines.push(...(await measure(kind, PORT && PORT + i)));
console.log(`\nmedians over ${ROUNDS} rounds of ${DURATION} s`);
console.log('| database | connections | as a page loads it: req/s / p99 | told of seq_id | no check | baseline | loaded / baseline: req/s / p99 | told / baseline | unchecked / baseline | first build |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const line of lines) console.log(line);
