/**
 * Explore's first page under load on a large world (see seed-large.ts), side by side with a
 * baseline that serves the same bytes from memory (and the home feed's first page, for scale), at 10 and at 50 connections. Alternating rounds
 * in one process, so the machine's other load hits both alike: compare the ratios.
 *
 * The large world has no hashtags: the newest posts (the window a ranking reads) get some first,
 * from themes of tags that go together, so that explore has clusters to find.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shutter_bench \
 *     node --import tsx bench/explore.ts [--rounds 3] [--duration 10] [--viewers 5]
 */
import path from 'node:path';
import type { Result } from 'autocannon';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { QUERY_HASHES } from '@shutter/contract';
import type { Database } from '../apps/server/src/db/schema.js';
import { createExploreRepository } from '../apps/server/src/features/explore/repository.js';
import { CANDIDATE_WINDOW, computeSnapshot } from '../apps/server/src/features/explore/refresh.js';
import { createExploreReads } from '../apps/server/src/features/explore/reads.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { checkRun, feedPath, load, openFeedWorld, PAGE } from './feed-world.js';
import { flag, fmt, median } from './lib.js';

const ROUNDS = flag('rounds', 3);
const DURATION = flag('duration', 10);
const VIEWERS = flag('viewers', 5);
const CONNECTIONS = [10, 50];
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (the database seed-large.ts filled)');

const THEMES = [
  ['travel', 'wanderlust', 'roadtrip', 'backpacking'], ['food', 'foodie', 'ramen', 'streetfood'], ['architecture', 'brutalism', 'minimal', 'shadows'],
  ['plants', 'houseplants', 'urbanjungle', 'green'], ['surf', 'ocean', 'waves', 'beach'], ['nightsky', 'stars', 'aurora', 'longexposure'],
  ['ceramics', 'pottery', 'handmade', 'glaze'], ['cats', 'catsofshutter', 'kitten', 'pets'], ['hiking', 'mountains', 'trail', 'outdoors'],
  ['coffee', 'latteart', 'cafe', 'morning'], ['street', 'streetphotography', 'city', 'blackandwhite'], ['cycling', 'bike', 'alps', 'climb'],
];

/** Two or three tags of one theme on each of the newest posts (and now and then one of another theme), in place of any they had. */
async function tagNewestPosts(pool: pg.Pool): Promise<number> {
  const themes = sql.val(THEMES.map((t) => t.join(' ')));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Ids keep their time above bit 23 (platform/ids.ts): below it, shard and sequence bits would give few themes.
  await sql`delete from media_hashtags where media_id in (select id from media order by id desc limit ${CANDIDATE_WINDOW})`.execute(db);
  const res = await sql`insert into media_hashtags (media_id, owner_id, tag)
    select m.id, m.owner_id, (string_to_array((${themes}::text[])[(1 + (m.id >> 23) % ${THEMES.length})::int], ' '))[(1 + ((m.id >> 23) / ${THEMES.length} + k) % 4)::int]
    from (select id, owner_id from media order by id desc limit ${CANDIDATE_WINDOW}) m
    cross join generate_series(0, 1 + ((m.id >> 23) % 2)::int) k
    union
    select m.id, m.owner_id, (string_to_array((${themes}::text[])[(1 + ((m.id >> 23) / 7) % ${THEMES.length})::int], ' '))[1]
    from (select id, owner_id from media order by id desc limit ${CANDIDATE_WINDOW}) m where (m.id >> 23) % 5 = 0
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

const setup = new pg.Pool({ connectionString: url, max: 2 });
console.log(`explore: tagged ${await tagNewestPosts(setup)} post hashtags among the newest ${CANDIDATE_WINDOW} posts`);

let baseline = { body: '', headers: {} as Record<string, string> };
const world = await openFeedWorld({
  url, dataDir: path.resolve(flag('data-dir', path.join(import.meta.dirname, '.data'))), viewers: VIEWERS, depth: 1,
  extend: (app) => { app.get('/bench/baseline', async (_req, reply) => reply.headers(baseline.headers).send(baseline.body)); },
});
const { origin, viewers } = world;

// A snapshot as the service computes one when its newest is stale: timed, since it is the bounded cost of a refresh.
const refreshTimes: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await computeSnapshot(createExploreReads(world.db), createExploreRepository(world.db), createIdGenerator(9));
  refreshTimes.push(performance.now() - t0);
}
console.log(`snapshot refresh (window ${CANDIDATE_WINDOW} posts): ${refreshTimes.map((t) => fmt(t, 0)).join(', ')} ms`);

const explorePath = `/graphql/query/?query_hash=${QUERY_HASHES.explore_media}&variables=${encodeURIComponent(JSON.stringify({ first: PAGE }))}`;
const first = await fetch(origin + explorePath, { headers: { cookie: viewers[0]!.cookie } });
const keep = ['content-type', 'x-content-type-options', 'x-frame-options', 'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'origin-agent-cluster'];
baseline = { body: await first.text(), headers: Object.fromEntries(keep.flatMap((h) => (first.headers.get(h) ? [[h, first.headers.get(h)!]] : []))) };
const answer = JSON.parse(baseline.body) as { data: { explore: { clusters: { name: string }[]; edge_explore_media: { edges: unknown[] } } } };
console.log(`first page: ${answer.data.explore.edge_explore_media.edges.length} posts, ${answer.data.explore.clusters.length} clusters (${answer.data.explore.clusters.slice(0, 5).map((c) => c.name).join(', ')}...), ${baseline.body.length} bytes`);
console.log(`viewers follow ${viewers.map((v) => v.following).join(', ')} accounts; ${ROUNDS} rounds x ${DURATION} s`);

// The home feed's first page of the same viewers, for scale: another page of twelve hydrated posts.
const PATHS = { explore: () => explorePath, baseline: () => '/bench/baseline', feed: () => feedPath(null) };
const kinds = ['explore', 'baseline', 'feed'] as const;
const summary: string[] = [];
for (const connections of CONNECTIONS) {
  const run = (kind: (typeof kinds)[number]) => load(origin, viewers, PATHS[kind], { connections, duration: DURATION, anonymous: kind === 'baseline' });
  await run('explore'); // warm-up
  const results: Record<(typeof kinds)[number], Result[]> = { explore: [], baseline: [], feed: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(k + r) % kinds.length]!;
      world.served.clear();
      const res = await run(kind);
      checkRun(world, kind, kind === 'baseline' ? '/bench/baseline' : '/graphql/query/', res);
      results[kind].push(res);
      console.log(`  ${connections} conn, round ${r + 1} ${kind.padEnd(8)} ${fmt(res.requests.average).padStart(8)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms`);
    }
  }
  const m = (kind: (typeof kinds)[number], f: (x: Result) => number) => median(results[kind].map(f));
  const ratio = (f: (x: Result) => number, to: (typeof kinds)[number] = 'baseline') => median(results.explore.map((x, r) => f(x) / f(results[to][r]!)));
  summary.push(`| ${connections} | ${fmt(m('explore', (x) => x.requests.average), 0)} | ${m('explore', (x) => x.latency.p50)} | ${m('explore', (x) => x.latency.p99)} | ${fmt(m('baseline', (x) => x.requests.average), 0)} | ${m('baseline', (x) => x.latency.p50)} | ${m('baseline', (x) => x.latency.p99)} | x${fmt(ratio((x) => x.requests.average), 3)} | x${fmt(ratio((x) => x.latency.p50), 1)} | x${fmt(ratio((x) => x.latency.p99), 1)} | ${fmt(m('feed', (x) => x.requests.average), 0)} | ${m('feed', (x) => x.latency.p50)} | x${fmt(ratio((x) => x.requests.average, 'feed'), 2)} |`);
}
console.log('\nmedians over rounds');
console.log('| connections | explore req/s | p50 ms | p99 ms | baseline req/s | p50 ms | p99 ms | throughput explore/baseline | p50 | p99 | feed req/s | feed p50 ms | throughput explore/feed |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const line of summary) console.log(line);

await explainScan(url, viewers[0]!.id);
await setup.end();
await world.close();

/** EXPLAIN (ANALYZE, BUFFERS) of the statement that picks a first page, as the service sends it. */
async function explainScan(url: string, viewerId: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const seen: CompiledQuery[] = [];
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (e) => { if (e.level === 'query') seen.push(e.query); } });
  const repo = createExploreRepository(db);
  const snapshot = (await repo.latestSnapshot())!;
  const clusters = await repo.clusters(String(snapshot.id));
  const lanes = [...clusters.map((c, i) => ({ cluster: c.name, weight: i === 0 ? 3 : 1 })), { cluster: '', weight: 1 }];
  seen.length = 0;
  await repo.scan({ snapshotId: String(snapshot.id), viewerId, lanes, after: null, limit: PAGE + 1 });
  const plan = (await pool.query(`explain (analyze, buffers) ${seen[0]!.sql}`, seen[0]!.parameters as unknown[])).rows.map((r) => r['QUERY PLAN'] as string);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) explore's first-page scan (${lanes.length} lanes):\n${plan.join('\n')}`);
  await db.destroy();
}
