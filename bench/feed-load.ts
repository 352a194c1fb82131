/**
 * Load on the home feed of a large world (see seed-large.ts), side by side with a baseline that
 * serves the same bytes from memory, with a deep page, and with the feed read from the follow graph
 * (the read path the written-ahead timelines replaced, still used to rebuild them). Alternating rounds in one process, so
 * the machine's other load hits every contestant alike: compare the ratios, not the absolute times.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shutter_bench \
 *     node --import tsx bench/feed-load.ts [--rounds 3] [--duration 10] [--connections 10] [--viewers 5] [--depth 50]
 *   node --import tsx bench/feed-load.ts --embedded --depth 1    # PGlite with the demo world, as npm start makes it
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { createAccessRepository } from '../apps/server/src/features/access/repository.js';
import { createAccess } from '../apps/server/src/features/access/service.js';
import { createCommentHydrator } from '../apps/server/src/features/comments/hydrate.js';
import { createFeedRepository } from '../apps/server/src/features/feed/repository.js';
import { createTimelineRepository } from '../apps/server/src/features/feed/timeline.repository.js';
import { createMediaHydrator } from '../apps/server/src/features/posts/hydrate.js';
import { createStoryRings } from '../apps/server/src/features/stories/rings.js';
import { createPostSummaries } from '../apps/server/src/features/posts/summaries.js';
import { createPlacesRepository } from '../apps/server/src/features/places/repository.js';
import { createPlaces } from '../apps/server/src/features/places/service.js';
import { createUserSummaries } from '../apps/server/src/features/accounts/user-summaries.js';
import { createSummaryCaches } from '../apps/server/src/platform/summary-cache.js';
import { CARD_OPTIONS } from '../apps/server/src/features/posts/service.js';
import type { Storage } from '../apps/server/src/platform/storage.js';
import { checkRun, feedPath, load, openFeedWorld, PAGE } from './feed-world.js';
import { flag, fmt, median } from './lib.js';

const ROUNDS = flag('rounds', 3);
const DURATION = flag('duration', 10);
const CONNECTIONS = flag('connections', 10);
const VIEWERS = flag('viewers', 5);
const DEPTH = flag('depth', 50);
const EMBEDDED = process.argv.includes('--embedded');
// The embedded world is made anew each run, in a folder of its own.
const DATA_DIR = EMBEDDED ? fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-feed-load-')) : path.resolve(flag('data-dir', path.join(import.meta.dirname, '.data')));
const url = EMBEDDED ? undefined : process.env.DATABASE_URL;
if (!EMBEDDED && !url) throw new Error('DATABASE_URL is required (the database seed-large.ts filled), or --embedded for PGlite with the demo world');

// The baseline: same bytes and headers as a captured feed page, from memory, through the same hooks.
let baseline = { body: '', headers: {} as Record<string, string> };
const world = await openFeedWorld({
  url, dataDir: DATA_DIR, viewers: VIEWERS, depth: DEPTH,
  extend: (app, db, storage) => {
    app.get('/bench/baseline', async (_req, reply) => reply.headers(baseline.headers).send(baseline.body));
    // The feed as it was read before timelines: the follow graph, then the same rules step and hydration.
    // It takes the viewer from the query string, so it skips the session lookup the real feed pays.
    const graph = createFeedRepository(db);
    const { access, hydrate } = hydratorOn(db, storage);
    app.get<{ Querystring: { viewer: string } }>('/bench/graph-feed', async (req, reply) => {
      const viewerId = req.query.viewer;
      const ids = await graph.timelineIds(viewerId, PAGE, null);
      const shown = await access.keepVisibleMedia(viewerId, ids.slice(0, PAGE), (id) => id);
      const nodes = await hydrate(shown, viewerId, { ...CARD_OPTIONS, comments: 2, likers: 3 });
      return reply.headers(baseline.headers).send(JSON.stringify({ data: { user: { edge_web_feed_timeline: { edges: nodes.map((node) => ({ node })) } } }, status: 'ok' }));
    });
  },
});
const { origin, viewers, deep, storage } = world;

/** The access rules and the hydrator as the service wires them, with a summaries cache of their own, in memory. */
function hydratorOn(db: Db, storage: Storage) {
  const access = createAccess(createAccessRepository(db));
  const caches = createSummaryCaches({ prefix: 'bench', log: console });
  const posts = createPostSummaries(db, caches, createUserSummaries(db, caches), createPlaces(createPlacesRepository(db), () => '0'));
  return { access, hydrate: createMediaHydrator(db, storage, createCommentHydrator(db, storage, access), access, posts, createStoryRings(db)) };
}
console.log(`feed-load: ${viewers.length} viewers following ${viewers.map((v) => v.following).join(', ')} accounts; ${ROUNDS} rounds x ${DURATION} s, ${CONNECTIONS} connections`);

// Capture one first page: the baseline's bytes.
const first = await fetch(origin + feedPath(null), { headers: { cookie: viewers[0]!.cookie } });
const keep = ['content-type', 'x-content-type-options', 'x-frame-options', 'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'origin-agent-cluster'];
baseline = { body: await first.text(), headers: Object.fromEntries(keep.flatMap((h) => (first.headers.get(h) ? [[h, first.headers.get(h)!]] : []))) };
const edges = (JSON.parse(baseline.body) as { data: { user: { edge_web_feed_timeline: { edges: unknown[] } } } }).data.user.edge_web_feed_timeline.edges;
console.log(`first page: ${edges.length} posts, ${baseline.body.length} bytes`);

const PATHS = {
  feed: () => feedPath(null),
  deep: (k: number) => deep[k]!,
  baseline: () => '/bench/baseline',
  graph: (k: number) => `/bench/graph-feed?viewer=${viewers[k]!.id}`,
};
const run = (kind: keyof typeof PATHS) => load(origin, viewers, PATHS[kind], { connections: CONNECTIONS, duration: DURATION, anonymous: kind === 'baseline' });

await run('feed'); // warm-up: JIT, connection pools, PostgreSQL's cache
const kinds = ['feed', 'baseline', 'deep', 'graph'] as const;
const results: Record<(typeof kinds)[number], Result[]> = { feed: [], baseline: [], deep: [], graph: [] };
for (let r = 0; r < ROUNDS; r++) {
  // Rotate the order each round so no contestant always runs first (or last) after a pause.
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[(k + r) % kinds.length]!;
    world.served.clear();
    const res = await run(kind);
    checkRun(world, kind, { baseline: '/bench/baseline', graph: '/bench/graph-feed', feed: '/graphql/query/', deep: '/graphql/query/' }[kind], res);
    results[kind].push(res);
    console.log(`  round ${r + 1} ${kind.padEnd(8)} ${fmt(res.requests.average).padStart(8)} req/s  p50 ${res.latency.p50} ms  p90 ${res.latency.p90} ms  p99 ${res.latency.p99} ms`);
  }
}

const row = (kind: (typeof kinds)[number]) => {
  const rs = results[kind];
  return { rps: median(rs.map((x) => x.requests.average)), p50: median(rs.map((x) => x.latency.p50)), p90: median(rs.map((x) => x.latency.p90)), p99: median(rs.map((x) => x.latency.p99)) };
};
// Ratios per round (the two runs of a round saw the same background load), then the median.
const ratio = (a: (typeof kinds)[number], b: (typeof kinds)[number], f: (x: Result) => number) =>
  median(results[a].map((x, r) => f(x) / f(results[b][r]!)));
console.log('\nmedians over rounds');
console.log('kind       req/s    p50 ms  p90 ms  p99 ms');
for (const k of kinds) {
  const m = row(k);
  console.log(`${k.padEnd(9)} ${fmt(m.rps).padStart(7)} ${String(m.p50).padStart(8)} ${String(m.p90).padStart(7)} ${String(m.p99).padStart(7)}`);
}
console.log(`feed/baseline: throughput x${fmt(ratio('feed', 'baseline', (x) => x.requests.average), 3)}, p50 latency x${fmt(ratio('feed', 'baseline', (x) => x.latency.p50), 1)}, p99 latency x${fmt(ratio('feed', 'baseline', (x) => x.latency.p99), 1)}`);
console.log(`feed/graph (timelines against the follow-graph read): throughput x${fmt(ratio('feed', 'graph', (x) => x.requests.average), 2)}, p50 latency x${fmt(ratio('feed', 'graph', (x) => x.latency.p50), 2)}, p99 latency x${fmt(ratio('feed', 'graph', (x) => x.latency.p99), 2)}`);
console.log(`deep(page ${DEPTH + 1})/first: throughput x${fmt(ratio('deep', 'feed', (x) => x.requests.average), 3)}, p50 latency x${fmt(ratio('deep', 'feed', (x) => x.latency.p50), 2)}, p99 latency x${fmt(ratio('deep', 'feed', (x) => x.latency.p99), 2)}`);

if (url) await explainFeed(url, viewers[0]!.id, deep[0]!, storage);
await world.close();
if (EMBEDDED) fs.rmSync(DATA_DIR, { recursive: true, force: true });

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the very statements one feed page runs: the service's own
 * repository and hydrator on a Kysely that records each compiled query instead of guessing its SQL.
 */
async function explainFeed(url: string, viewerId: string, deepPath: string, storage: Storage) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const seen: CompiledQuery[] = [];
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (e) => { if (e.level === 'query') seen.push(e.query); } });
  const repo = createFeedRepository(db);
  const timelines = createTimelineRepository(db);
  const { hydrate } = hydratorOn(db, storage);
  const explain = async (query: CompiledQuery) => (await pool.query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[])).rows.map((r) => r['QUERY PLAN'] as string);

  const cursorId = JSON.parse(Buffer.from(JSON.parse(new URLSearchParams(deepPath.split('?')[1]).get('variables')!).fetch_media_item_cursor, 'base64url').toString())[0] as string;
  for (const [label, before] of [['first page', null], [`page ${DEPTH + 1}`, cursorId]] as const) {
    seen.length = 0;
    const ids = await timelines.page(viewerId, PAGE + 1, before ?? '9223372036854775807');
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) feed page from the stored timeline, ${label}:\n${(await explain(seen[0]!)).join('\n')}`);
    seen.length = 0;
    await repo.timelineIds(viewerId, PAGE, before);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) the same page from the follow graph (rebuilds, below the floor), ${label}:\n${(await explain(seen[seen.length - 1]!)).join('\n')}`);
    if (before) break;
    seen.length = 0;
    await hydrate(ids.slice(0, PAGE), viewerId, { ...CARD_OPTIONS, comments: 2, likers: 3 });
    console.log('\nhydration statements (execution time, plan root, any Seq Scan):');
    for (const query of [...seen]) {
      const plan = await explain(query);
      const time = plan.find((l) => l.startsWith('Execution Time'));
      const seq = plan.filter((l) => l.includes('Seq Scan')).map((l) => l.trim());
      console.log(`  ${time}  ${query.sql.replace(/\s+/g, ' ').slice(0, 90)}...${seq.length ? `\n    ! ${seq.join('\n    ! ')}` : ''}`);
    }
  }
  await db.destroy();
}
