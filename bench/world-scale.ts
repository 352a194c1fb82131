/**
 * The home feed of a small world against a world ten times its size, side by side in one process:
 * two seeded databases (seed-large.ts with --posts 1000000 and --posts 10000000), each served by
 * the real service, loaded in alternating rounds with a baseline that serves one captured page from
 * memory. A feed whose cost does not grow with the world answers as fast in both.
 *
 *   node --import tsx bench/world-scale.ts --small postgres://…/shutter_bench1m --large postgres://…/shutter_bench10m \
 *     [--rounds 3] [--duration 10] [--connections 10] [--viewers 5] [--depth 50]
 */
import path from 'node:path';
import type { Result } from 'autocannon';
import { sql } from 'kysely';
import { checkRun, feedPath, load, openFeedWorld, type FeedWorld } from './feed-world.js';
import { flag, fmt, median } from './lib.js';

const ROUNDS = flag('rounds', 3);
const DURATION = flag('duration', 10);
const CONNECTIONS = flag('connections', 10);
const VIEWERS = flag('viewers', 5);
const DEPTH = flag('depth', 50);
const DATA_DIR = path.resolve(flag('data-dir', path.join(import.meta.dirname, '.data')));
const urls = { small: flag('small', ''), large: flag('large', '') };
if (!urls.small || !urls.large) throw new Error('--small and --large take the URLs of two seeded databases');

let baseline = { body: '', type: 'application/json' };
const worlds: Record<'small' | 'large', FeedWorld> = {
  small: await openFeedWorld({
    url: urls.small, dataDir: DATA_DIR, viewers: VIEWERS, depth: DEPTH,
    extend: (app) => app.get('/bench/baseline', async (_req, reply) => reply.type(baseline.type).send(baseline.body)),
  }),
  large: await openFeedWorld({ url: urls.large, dataDir: DATA_DIR, viewers: VIEWERS, depth: DEPTH }),
};
for (const [name, world] of Object.entries(worlds)) {
  const posts = await sql<{ n: string }>`select count(*)::text as n from media`.execute(world.db);
  console.log(`${name}: ${posts.rows[0]!.n} posts; viewers follow ${world.viewers.map((v) => v.following).join(', ')} accounts`);
}
baseline = { body: await (await fetch(worlds.small.origin + feedPath(null), { headers: { cookie: worlds.small.viewers[0]!.cookie } })).text(), type: 'application/json; charset=utf-8' };

type Kind = 'small' | 'large' | 'small-deep' | 'large-deep' | 'baseline';
const kinds: Kind[] = ['small', 'large', 'small-deep', 'large-deep', 'baseline'];
function run(kind: Kind): Promise<Result> {
  const world = worlds[kind.startsWith('large') ? 'large' : 'small'];
  const pathOf = kind === 'baseline' ? () => '/bench/baseline' : kind.endsWith('deep') ? (k: number) => world.deep[k]! : () => feedPath(null);
  return load(world.origin, world.viewers, pathOf, { connections: CONNECTIONS, duration: DURATION, anonymous: kind === 'baseline' });
}

for (const kind of ['small', 'large'] as const) await run(kind); // warm-up: JIT, pools, PostgreSQL's cache
const results = Object.fromEntries(kinds.map((k) => [k, [] as Result[]])) as Record<Kind, Result[]>;
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[(k + r) % kinds.length]!;
    const world = worlds[kind.startsWith('large') ? 'large' : 'small'];
    world.served.clear();
    const res = await run(kind);
    checkRun(world, kind, kind === 'baseline' ? '/bench/baseline' : '/graphql/query/', res);
    results[kind].push(res);
    console.log(`  round ${r + 1} ${kind.padEnd(10)} ${fmt(res.requests.average).padStart(8)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms`);
  }
}

const ratio = (a: Kind, b: Kind, f: (x: Result) => number) => median(results[a].map((x, r) => f(x) / f(results[b][r]!)));
const rps = (x: Result) => x.requests.average;
console.log('\nmedians over rounds');
for (const k of kinds) console.log(`${k.padEnd(11)} ${fmt(median(results[k].map(rps))).padStart(8)} req/s  p50 ${median(results[k].map((x) => x.latency.p50))} ms  p99 ${median(results[k].map((x) => x.latency.p99))} ms`);
console.log(`large/small, first page: throughput x${fmt(ratio('large', 'small', rps), 3)}, p50 latency x${fmt(ratio('large', 'small', (x) => x.latency.p50), 2)}`);
console.log(`large/small, page ${DEPTH + 1}: throughput x${fmt(ratio('large-deep', 'small-deep', rps), 3)}, p50 latency x${fmt(ratio('large-deep', 'small-deep', (x) => x.latency.p50), 2)}`);
console.log(`feed/baseline: small x${fmt(ratio('small', 'baseline', rps), 3)}, large x${fmt(ratio('large', 'baseline', rps), 3)}`);

await worlds.small.close();
await worlds.large.close();
