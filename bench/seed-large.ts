/**
 * A large world on PostgreSQL for the feed benchmark: users, a power-law follow graph, a year of
 * posts (ids from the service's own id scheme, in time order), one media item each reusing a small
 * pool of real stored variants, likes and comments with consistent counters.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shutter_bench \
 *     node --import tsx bench/seed-large.ts [--users 10000] [--posts 1000000] [--data-dir bench/.data] [--reset]
 *
 * Rows go in as arrays through unnest (10,000 per statement) or as INSERT ... SELECT, so the cost
 * is PostgreSQL's, not round trips.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { TIMELINE_DEFAULTS } from '../apps/server/src/features/feed/timelines.js';
import { composeId, EPOCH_MS } from '../apps/server/src/platform/ids.js';
import { processImage } from '../apps/server/src/platform/media/index.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { storeGeneratedAvatar } from '../apps/server/src/seed/avatars.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/personas.js';
import { flag, rng, syntheticPhoto, timed } from './lib.js';

const USERS = flag('users', 10_000);
const POSTS = flag('posts', 1_000_000);
const LIKES_PER_POST = flag('likes-per-post', 3);
const COMMENTS_PER_POST = flag('comments-per-post', 0.3);
const DATA_DIR = path.resolve(flag('data-dir', path.join(import.meta.dirname, '.data')));
const IMAGE_POOL = 20;
const BATCH = 10_000;
// Shards apart from the service's (SHARD_ID defaults to 0), so seeded ids never meet live ones.
const SHARD = { users: 101, follows: 102, posts: 103, likes: 104, comments: 105 };

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL database of its own, e.g. .../shutter_bench)');
const random = rng(42);

console.log(`seed-large: ${USERS} users, ${POSTS} posts into ${url.replace(/\/\/[^@]*@/, '//')} (media pool in ${DATA_DIR})`);
const t0 = performance.now();
const handle = await openDatabase({ url });
await timed('migrations', () => migrateToLatest(handle.db));
await handle.close();

const client = new pg.Client({ connectionString: url });
await client.connect();
// Losing the last commits in a crash is harmless for a bench world; no WAL flush wait per batch.
await client.query('set synchronous_commit = off');
await client.query('select setseed(0.42)'); // the set-based likes and comments come out the same on every run
await client.query('set maintenance_work_mem = \'256MB\'');
const q = (text: string, values?: unknown[]) => client.query(text, values);

const existing = Number((await q('select count(*) as n from users')).rows[0].n);
if (existing > 0) {
  if (!process.argv.includes('--reset')) throw new Error(`the database already has ${existing} users: pass --reset to empty it first`);
  await timed('reset (truncate)', () => q('truncate users, locations cascade'));
}

// The id scheme in SQL, for the set-based likes and comments; checked against composeId below.
await q(`create or replace function pg_temp.compose_id(ts_ms bigint, shard int, seq int) returns bigint
  language sql immutable as $$ select ((ts_ms - ${EPOCH_MS}) << 23) | (shard::bigint << 10) | (seq & 1023) $$`);
const probe = { timestampMs: EPOCH_MS + 123_456_789, shard: 105, sequence: 77 };
const fromSql = (await q('select pg_temp.compose_id($1, $2, $3)::text as id', [probe.timestampMs, probe.shard, probe.sequence])).rows[0].id;
if (fromSql !== composeId(probe).toString()) throw new Error(`SQL id scheme differs from composeId: ${fromSql}`);

/** Inserts columns (arrays of equal length) with one unnest per BATCH rows. */
async function insertColumns(table: string, columns: [name: string, type: string, values: unknown[]][]) {
  const n = columns[0]![2].length;
  const list = columns.map(([c]) => c).join(', ');
  const unnest = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  for (let from = 0; from < n; from += BATCH) {
    await q(`insert into ${table} (${list}) select * from unnest(${unnest})`, columns.map(([, , v]) => v.slice(from, from + BATCH)));
  }
}

/** Weighted sampling by binary search over cumulative weights. */
function sampler(weights: number[]): () => number {
  const cum: number[] = [];
  let total = 0;
  for (const w of weights) cum.push((total += w));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

// 1. The image pool: real variants through the upload pipeline, stored once, shared by every post.
const storage = createLocalStorage(path.join(DATA_DIR, 'media'));
const pool = await timed(`image pool (${IMAGE_POOL} photos via processImage)`, async () => {
  const cache = path.join(DATA_DIR, 'pool.json');
  if (fs.existsSync(cache)) return JSON.parse(fs.readFileSync(cache, 'utf8')) as { width: number; height: number; thumbhash: string; variants: unknown }[];
  const out = [];
  for (let i = 0; i < IMAGE_POOL; i++) {
    const [w, h] = [[1440, 1800], [1600, 1600], [1920, 1080], [1500, 1200]][i % 4]!;
    const processed = await processImage(await syntheticPhoto(1000 + i, w, h));
    const variants = processed.variants.map((v) => ({ width: v.width, height: v.height, key: `p/bench${String(i).padStart(2, '0')}/${v.width}.jpg` }));
    await Promise.all(processed.variants.map((v, k) => storage.put(variants[k]!.key, v.data)));
    out.push({ width: processed.width, height: processed.height, thumbhash: processed.thumbhash, variants });
  }
  fs.writeFileSync(cache, JSON.stringify(out));
  return out;
});

// 2. Users: one shared password hash, a small pool of avatars, ids in creation order.
const userIds: string[] = [];
await timed(`users (${USERS})`, async () => {
  const hash = await hashPassword(DEMO_PASSWORD);
  const avatars = await Promise.all(Array.from({ length: 12 }, (_, i) => storeGeneratedAvatar(storage, `bench-${i}`)));
  const names: string[] = [];
  const created: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const ts = EPOCH_MS + 3_600_000 + i * 100; // the whole population signs up in the first hour of the epoch
    userIds.push(composeId({ timestampMs: ts, shard: SHARD.users, sequence: 0 }).toString());
    names.push(`bench_${String(i).padStart(6, '0')}`);
    created.push(new Date(ts).toISOString());
  }
  await insertColumns('users', [
    ['id', 'bigint', userIds],
    ['username', 'text', names],
    ['username_lower', 'text', names],
    ['email', 'text', names.map((n) => `${n}@bench.example`)],
    ['email_lower', 'text', names.map((n) => `${n}@bench.example`)],
    ['full_name', 'text', names.map((_, i) => `Bench User ${i}`)],
    ['password_hash', 'text', names.map(() => hash)],
    ['profile_pic_key', 'text', names.map((_, i) => avatars[i % avatars.length])],
    ['created_at', 'timestamptz', created],
  ]);
});

// 3. Follows, power-law: popularity is Zipf over a random ranking, mixed with a uniform share so the
// long tail has some followers. Out-degree: most 50–300 (log-uniform), 1% heavy followers 1,000–2,000.
await timed('follows', async () => {
  const popularity = Array.from({ length: USERS }, (_, r) => 1 / (r + 1) ** 1.1).sort(() => random() - 0.5);
  const pickPopular = sampler(popularity);
  const follower: string[] = [];
  const followee: string[] = [];
  const ids: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const heavy = random() < 0.01;
    const want = Math.min(USERS - 1, Math.round(heavy ? 1000 + random() * 1000 : Math.exp(Math.log(50) + random() * Math.log(300 / 50))));
    const chosen = new Set<number>();
    while (chosen.size < want) {
      const v = random() < 0.5 ? pickPopular() : Math.floor(random() * USERS);
      if (v !== u) chosen.add(v);
    }
    let seq = 0;
    for (const v of chosen) {
      follower.push(userIds[u]!);
      followee.push(userIds[v]!);
      ids.push(composeId({ timestampMs: EPOCH_MS + 7_200_000 + u * 100, shard: SHARD.follows, sequence: seq++ % 1024 }).toString());
    }
  }
  await insertColumns('follows', [['follower_id', 'bigint', follower], ['followee_id', 'bigint', followee], ['id', 'bigint', ids]]);
  console.log(`    ${follower.length} follows`);
});

// 4. Posts over the year so far (ids cannot predate the id epoch, 2026-01-01), in time order; the
// owner is drawn from a skewed activity distribution, so a few accounts post thousands of times.
await timed(`posts (${POSTS})`, async () => {
  const activity = Array.from({ length: USERS }, (_, r) => 1 / (r + 1) ** 0.8).sort(() => random() - 0.5);
  const pickOwner = sampler(activity);
  const captions = ['Golden hour again', 'Weekend walk', 'Coffee first', 'City lights #night', 'Out by the sea', 'Film test roll', 'Late lunch', 'Rainy window #mood', '', 'New lens day'];
  const start = EPOCH_MS + 86_400_000;
  const slot = (Date.now() - 3_600_000 - start) / POSTS;
  for (let from = 0; from < POSTS; from += BATCH) {
    const n = Math.min(BATCH, POSTS - from);
    const ids: string[] = [], owners: string[] = [], caps: string[] = [], created: string[] = [];
    for (let i = from; i < from + n; i++) {
      // One post per time slot, jittered inside it: strictly increasing timestamps, hence ids.
      const ts = Math.floor(start + (i + random() * 0.9) * slot);
      ids.push(composeId({ timestampMs: ts, shard: SHARD.posts, sequence: 0 }).toString());
      owners.push(userIds[pickOwner()]!);
      caps.push(captions[i % captions.length]!);
      created.push(new Date(ts).toISOString());
    }
    await q(`insert into media (id, owner_id, media_type, status, caption, created_at)
      select id, owner_id, 'image', 'ready', caption, created_at from unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamptz[]) as t(id, owner_id, caption, created_at)`,
    [ids, owners, caps, created]);
  }
});

await timed('media_items (one per post, from the pool)', async () => {
  await q('create temp table bench_pool (idx int primary key, width int, height int, thumbhash text, variants jsonb)');
  await q(`insert into bench_pool select (ord - 1)::int, (p->>'width')::int, (p->>'height')::int, p->>'thumbhash', p->'variants'
    from jsonb_array_elements($1::jsonb) with ordinality as t(p, ord)`, [JSON.stringify(pool)]);
  await q(`insert into media_items (media_id, position, kind, width, height, thumbhash, variants)
    select m.id, 0, 'image', p.width, p.height, p.thumbhash, p.variants from media m join bench_pool p on p.idx = (m.id >> 23) % ${IMAGE_POOL}`);
});

// 5. Likes and comments, set-based: an exponential number per post, by random users, some minutes
// to three days after the post. Duplicate (post, user) pairs are dropped, then counters recounted.
await q('create temp table bench_users as select (row_number() over (order by id) - 1)::int as n, id from users');
await q('alter table bench_users add primary key (n)');
// Per post, an exponential number (randomly rounded, so the mean holds) of draws (g) of a random user number (n). The random() sits in a
// subquery's select list, which PostgreSQL does not flatten, so the join to bench_users stays an equality.
const draws = (mean: number) =>
  `(select s as g, floor(random() * ${USERS})::int as n from generate_series(1, floor(-ln(1 - random()) * ${mean} + random() + 0 * m.id)::int) s)`;
const after = (col: string) => `least(((${col} >> 23) + ${EPOCH_MS}) + floor(random() * 259200000)::bigint, ${Date.now()})`;
await timed(`likes (~${LIKES_PER_POST}/post)`, () =>
  q(`insert into likes (media_id, user_id, id)
    select m.id, u.id, pg_temp.compose_id(${after('m.id')}, ${SHARD.likes}, r.g)
    from media m
    cross join lateral ${draws(LIKES_PER_POST)} r
    join bench_users u on u.n = r.n
    on conflict do nothing`));
await timed(`comments (~${COMMENTS_PER_POST}/post)`, () =>
  q(`insert into comments (id, media_id, user_id, text, created_at)
    select pg_temp.compose_id(ts, ${SHARD.comments}, (random() * 1023)::int), media_id, user_id, text, to_timestamp(ts / 1000.0)
    from (select m.id as media_id, u.id as user_id, ${after('m.id')} as ts,
            (array['Love this!', 'Great light', 'Where is this?', 'So good', 'Wow', 'Beautiful colours'])[1 + floor(random() * 6)::int] as text
          from media m
          cross join lateral ${draws(COMMENTS_PER_POST)} r
          join bench_users u on u.n = r.n) c
    on conflict do nothing`));
await timed('counters (like_count, comment_count)', async () => {
  await q('update media m set like_count = c.n from (select media_id, count(*)::int as n from likes group by media_id) c where m.id = c.media_id');
  await q('update media m set comment_count = c.n from (select media_id, count(*)::int as n from comments where parent_id is null group by media_id) c where m.id = c.media_id');
});
// Publishing marks an account over the star threshold; posts seeded here did not go through it.
await timed('timeline stars', () =>
  q(`insert into timeline_stars select followee_id from follows group by followee_id having count(*) > ${TIMELINE_DEFAULTS.starFollowers} on conflict do nothing`));
await timed('vacuum analyze', () => q('vacuum analyze'));

const counts = (await q(`select (select count(*) from users) users, (select count(*) from follows) follows, (select count(*) from media) posts,
  (select count(*) from likes) likes, (select count(*) from comments) comments,
  (select max(n) from (select count(*) n from follows group by followee_id) f) max_followers,
  (select percentile_disc(0.5) within group (order by n) from (select count(*) n from follows group by follower_id) f) median_following,
  pg_size_pretty(pg_database_size(current_database())) size`)).rows[0];
console.log('  totals', counts);
console.log(`seed-large done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
await client.end();
