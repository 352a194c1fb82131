/**
 * A profile's page data under load: one account with ~300 posts (likes, comments, 2,000 followers,
 * a live story), read by a follower and by a logged-out visitor, side by side with a baseline route
 * that serves each one's captured bytes from memory. The prepared answer is measured with the
 * access rules' check at every read and without it. Alternating rounds in one process, at each
 * number of connections, on PGlite and on PostgreSQL (a database of its own, dropped at the end).
 *
 *   node --import tsx bench/profile-page.ts [--only pglite|postgres] [--posts 300] [--followers 2000]
 *     [--rounds 2] [--duration 5] [--connections 10,50] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--database shutter_bench_profile] [--port 0] [--data-dir <system temp dir>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { STORY_TTL_MS } from '@shutter/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database.js';
import { profileReadCheck } from '../apps/server/src/features/profiles/prepared-profile.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { startQueue } from '../apps/server/src/platform/queue.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { flag, fmt, median, rng } from './lib.js';
import { load, login } from './http.js';

const POSTS = flag('posts', 300);
const FOLLOWERS = flag('followers', 2000);
const ROUNDS = flag('rounds', 2);
const DURATION = flag('duration', 5);
const CONNECTIONS = flag('connections', '10,50').split(',').map(Number);
const ONLY = flag('only', '');
const ADMIN_URL = flag('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const BENCH_DB = flag('database', 'shutter_bench_profile');
/** The first database's server listens here, the second's on the next port (0: any free port). */
const PORT = flag('port', 0);
const DATA_DIR = flag('data-dir', os.tmpdir());
const PASSWORD = 'bench-profile-password';
const OWNER = 'profile_owner';
const VIEWER = 'profile_viewer';
const DAY = 24 * 60 * 60 * 1000;

const nextId = createIdGenerator(12);
const profilePath = `/${OWNER}/?__a=1`;

/** The owner, their followers (the viewer among them), posts with likes and comments, and one live story. */
async function seed(db: Db): Promise<void> {
  const rand = rng(7);
  const hash = await hashPassword(PASSWORD);
  const ownerId = nextId();
  const viewerId = nextId();
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash, full_name, biography)
    values (${ownerId}, ${OWNER}, ${OWNER}, 'owner@example.org', 'owner@example.org', ${hash}, 'Profile Owner', 'Light, mostly.'),
      (${viewerId}, ${VIEWER}, ${VIEWER}, 'viewer@example.org', 'viewer@example.org', ${hash}, 'Profile Viewer', '')`.execute(db);
  const others = Array.from({ length: FOLLOWERS }, () => nextId());
  const names = others.map((id) => `fan_${id}`);
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash)
    select id, name, name, name || '@example.org', name || '@example.org', 'x'
    from unnest(${sql.val(others)}::bigint[], ${sql.val(names)}::text[]) t(id, name)`.execute(db);
  const followers = [viewerId, ...others];
  await sql`insert into follows (id, follower_id, followee_id)
    select (${sql.val(followers.map(() => nextId()))}::bigint[])[n], id, ${ownerId} from unnest(${sql.val(followers)}::bigint[]) with ordinality t(id, n)`.execute(db);

  const now = Date.now();
  // Oldest first, so that ids grow with time as the grid orders them.
  const posts = Array.from({ length: POSTS }, (_, i) => ({ id: nextId(), at: new Date(now - (POSTS - i) * DAY / 3) }));
  await sql`insert into media (id, owner_id, media_type, status, caption, created_at)
    select id, ${ownerId}, 'image', 'ready', 'post ' || n, at
    from unnest(${sql.val(posts.map((p) => p.id))}::bigint[], ${sql.val(posts.map((p) => p.at.toISOString()))}::timestamptz[]) with ordinality t(id, at, n)`.execute(db);
  await sql`insert into media_items (media_id, position, kind, width, height, variants)
    select id, 0, 'image', 1080, 1350, jsonb_build_array(
      jsonb_build_object('width', 640, 'height', 800, 'key', 'media/' || id || '_640.jpg'),
      jsonb_build_object('width', 1080, 'height', 1350, 'key', 'media/' || id || '_1080.jpg'))
    from unnest(${sql.val(posts.map((p) => p.id))}::bigint[]) t(id)`.execute(db);
  // Up to 40 likes and 8 comments a post, from the followers.
  const likes: [string, string][] = [];
  const comments: [string, string][] = [];
  for (const p of posts) {
    const pick = () => followers[Math.floor(rand() * followers.length)]!;
    const likers = new Set(Array.from({ length: Math.floor(rand() * 40) }, pick));
    for (const u of likers) likes.push([p.id, u]);
    for (let i = Math.floor(rand() * 8); i > 0; i--) comments.push([p.id, pick()]);
  }
  await sql`insert into likes (id, media_id, user_id)
    select (${sql.val(likes.map(() => nextId()))}::bigint[])[n], m, u
    from unnest(${sql.val(likes.map((l) => l[0]))}::bigint[], ${sql.val(likes.map((l) => l[1]))}::bigint[]) with ordinality t(m, u, n)`.execute(db);
  await sql`insert into comments (id, media_id, user_id, text)
    select (${sql.val(comments.map(() => nextId()))}::bigint[])[n], m, u, 'Great light'
    from unnest(${sql.val(comments.map((c) => c[0]))}::bigint[], ${sql.val(comments.map((c) => c[1]))}::bigint[]) with ordinality t(m, u, n)`.execute(db);
  await sql`update media m set like_count = c.n from (select media_id, count(*)::int as n from likes group by media_id) c where m.id = c.media_id`.execute(db);
  await sql`update media m set comment_count = c.n from (select media_id, count(*)::int as n from comments where parent_id is null group by media_id) c where m.id = c.media_id`.execute(db);
  // A live story: the header's ring.
  const storyId = nextId();
  await sql`insert into stories (id, owner_id, kind, audience, upload_id, width, height, variants, taken_at, expiring_at)
    values (${storyId}, ${ownerId}, 'image', 'everyone', ${`bench${storyId}`}, 1080, 1920,
      jsonb_build_array(jsonb_build_object('width', 480, 'height', 853, 'key', 'stories/' || ${ownerId} || '/s_480.jpg')),
      now(), now() + ${sql.raw(`interval '${STORY_TTL_MS / 1000} seconds'`)})`.execute(db);
  await sql`analyze`.execute(db);
}


const loadRoute = (origin: string, route: string, cookie: string, connections: number) => load(origin, route, cookie, connections, DURATION);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

type Who = 'follower' | 'visitor';
type Which = 'checked' | 'unchecked' | 'baseline';

async function measure(kind: 'pglite' | 'postgres', port: number): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(DATA_DIR, 'shutter-bench-profile-'));
  const url = kind === 'postgres' ? Object.assign(new URL(ADMIN_URL), { pathname: `/${BENCH_DB}` }).toString() : undefined;
  if (url) {
    await admin(`drop database if exists ${BENCH_DB} with (force)`);
    await admin(`create database ${BENCH_DB}`);
  }
  const database = await openDatabase(url ? { url } : {});
  try {
    await migrateToLatest(database.db);
    const t0 = performance.now();
    await seed(database.db);
    console.log(`\n== ${kind}: a profile with ${POSTS} posts and ${FOLLOWERS + 1} followers, seeded in ${fmt((performance.now() - t0) / 1000)} s`);
    const queue = await startQueue(url ? { connectionString: url } : { pglite: database.pglite });
    const app = await buildApp({
      config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }), db: database.db, nextId, storage: createLocalStorage(path.join(dataDir, 'media')),
      queue, runWorkers: false, logger: false,
    });
    const baseline: Record<Who, { body: string; type: string }> = { follower: { body: '', type: '' }, visitor: { body: '', type: '' } };
    app.get('/bench/baseline/:who', async (req, reply) => {
      const b = baseline[(req.params as { who: Who }).who];
      return reply.type(b.type).send(b.body);
    });
    const served = new Map<string, number>();
    app.addHook('onResponse', async (req, reply) => {
      const key = `${req.routeOptions.url} ${reply.statusCode}`;
      served.set(key, (served.get(key) ?? 0) + 1);
    });
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const cookies: Record<Who, string> = { follower: await login(origin, VIEWER, PASSWORD), visitor: '' };
      for (const who of ['follower', 'visitor'] as const) {
        const first = await fetch(origin + profilePath, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
        baseline[who] = { body: await first.text(), type: first.headers.get('content-type') ?? 'application/json; charset=utf-8' };
        const user = JSON.parse(baseline[who].body).graphql.user;
        console.log(`${who}: ${first.status}, ${user.edge_owner_to_timeline_media.edges?.length ?? 0} of ${user.edge_owner_to_timeline_media.count} posts, ${user.edge_followed_by.count} followers, ring ${user.reel ? 'yes' : 'no'}, ${baseline[who].body.length} bytes`);
      }
      await loadRoute(origin, profilePath, cookies.follower, 10); // warm-up

      const runs = new Map<string, Result[]>();
      const at = (c: number, who: Who, which: Which) => `${c} ${who} ${which}`;
      for (let r = 0; r < ROUNDS; r++) {
        for (const c of CONNECTIONS) {
          for (const who of ['follower', 'visitor'] as const) {
            const order: Which[] = r % 2 ? ['baseline', 'unchecked', 'checked'] : ['checked', 'unchecked', 'baseline'];
            for (const which of order) {
              profileReadCheck.on = which !== 'unchecked';
              served.clear();
              // The baseline carries no session: it stands for bytes kept in memory, nothing looked up.
              const res = which === 'baseline' ? await loadRoute(origin, `/bench/baseline/${who}`, '', c) : await loadRoute(origin, profilePath, cookies[who], c);
              const route = which === 'baseline' ? '/bench/baseline/:who 200' : '/:username/ 200';
              if ((served.get(route) ?? 0) < res.requests.total || res.non2xx || res.errors) console.warn(`  ${which}: served ${JSON.stringify(Object.fromEntries(served))}`);
              runs.set(at(c, who, which), [...(runs.get(at(c, who, which)) ?? []), res]);
              console.log(`  round ${r + 1} c=${c} ${who.padEnd(8)} ${which.padEnd(9)} ${fmt(res.requests.average).padStart(8)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms`);
            }
          }
        }
      }
      profileReadCheck.on = true;
      const lines: string[] = [];
      for (const c of CONNECTIONS) {
        for (const who of ['follower', 'visitor'] as const) {
          const get = (which: Which) => runs.get(at(c, who, which))!;
          const m = (which: Which, f: (x: Result) => number) => median(get(which).map(f));
          const ratio = (which: Which, f: (x: Result) => number) => median(get(which).map((x, i) => f(x) / f(get('baseline')[i]!)));
          const rps = (x: Result) => x.requests.average;
          const p99 = (x: Result) => Math.max(x.latency.p99, 1);
          lines.push(`| ${kind} | ${c} | ${who} | ${fmt(m('checked', rps), 0)} | ${m('checked', (x) => x.latency.p99)} | ${fmt(m('unchecked', rps), 0)} | ${m('unchecked', (x) => x.latency.p99)} | ${fmt(m('baseline', rps), 0)} | ${m('baseline', (x) => x.latency.p99)} | x${fmt(ratio('checked', rps), 3)} | x${fmt(ratio('unchecked', rps), 3)} | x${fmt(ratio('checked', p99), 2)} | x${fmt(ratio('unchecked', p99), 2)} |`);
        }
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
console.log('| database | connections | viewer | checked req/s | p99 ms | unchecked req/s | p99 ms | baseline req/s | p99 ms | checked/baseline | unchecked/baseline | p99 checked/baseline | p99 unchecked/baseline |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const line of lines) console.log(line);
