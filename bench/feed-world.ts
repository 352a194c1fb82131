/**
 * One seeded world (see seed-large.ts) served by the real service, as main.ts assembles it minus
 * logging and the video worker, with its heaviest followers logged in and a deep cursor walked for
 * each: what feed-load.ts and world-scale.ts put under load.
 */
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { QUERY_HASHES } from '@shutter/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { startQueue } from '../apps/server/src/platform/queue.js';
import { createLocalStorage, type Storage } from '../apps/server/src/platform/storage.js';
import { seedDemoWorldIfEmpty } from '../apps/server/src/seed/demo-world.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/personas.js';

export const PAGE = 12;

/** `cookie` is the viewer's session and its csrftoken; `visitorCookie` the csrftoken they had before logging in. */
export interface Viewer { id: string; username: string; following: string; cookie: string; visitorCookie: string }

export interface FeedWorld {
  app: FastifyInstance;
  db: Db;
  storage: Storage;
  origin: string;
  viewers: Viewer[];
  /** The path of each viewer's page after `depth` pages, by viewer index. */
  deep: string[];
  /** What the server answered, by route and status, since the last `served.clear()`. */
  served: Map<string, number>;
  close(): Promise<void>;
}

export const feedPath = (cursor: string | null) =>
  `/graphql/query/?query_hash=${QUERY_HASHES.feed}&variables=${encodeURIComponent(JSON.stringify({ fetch_media_item_count: PAGE, ...(cursor ? { fetch_media_item_cursor: cursor } : {}) }))}`;

/**
 * `extend` registers extra routes (a baseline, another read path) before the service listens.
 * Without `url` the world is the embedded default: PGlite in `dataDir/db` with the demo world, as
 * `npm start` makes it.
 */
export async function openFeedWorld(opts: { url?: string; dataDir: string; viewers: number; depth: number; extend?: (app: FastifyInstance, db: Db, storage: Storage) => void }): Promise<FeedWorld> {
  const database = await openDatabase(opts.url ? { url: opts.url } : { dataDir: path.join(opts.dataDir, 'db') });
  await migrateToLatest(database.db);
  const queue = await startQueue(opts.url ? { connectionString: opts.url } : { pglite: database.pglite });
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: opts.dataDir }) };
  const storage = createLocalStorage(path.join(opts.dataDir, 'media'));
  const nextId = createIdGenerator(7);
  if (!opts.url) await seedDemoWorldIfEmpty({ db: database.db, nextId, storage });
  const app = await buildApp({ config, db: database.db, nextId, storage, queue, runWorkers: false, logger: false });
  opts.extend?.(app, database.db, storage);
  const served = new Map<string, number>();
  app.addHook('onResponse', async (req, reply) => {
    const key = `${req.routeOptions.url} ${reply.statusCode}`;
    served.set(key, (served.get(key) ?? 0) + 1);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // The heaviest followers: the feed fans in over the most accounts for them.
  const heavy = await database.db
    .selectFrom('follows').innerJoin('users', 'users.id', 'follows.follower_id')
    .select(['users.id', 'users.username', (eb) => eb.fn.countAll<string>().as('following')])
    .groupBy(['users.id', 'users.username']).orderBy('following', 'desc').limit(opts.viewers).execute();
  const viewers: Viewer[] = [];
  for (const v of heavy) viewers.push({ ...v, ...await login(origin, v.username) });

  const deep: string[] = [];
  for (const v of viewers) {
    let cursor: string | null = null;
    for (let p = 0; p < opts.depth; p++) {
      const page = (await (await fetch(origin + feedPath(cursor), { headers: { cookie: v.cookie } })).json()) as {
        data: { user: { edge_web_feed_timeline: { page_info: { end_cursor: string | null } } } };
      };
      cursor = page.data.user.edge_web_feed_timeline.page_info.end_cursor;
      if (!cursor) throw new Error(`${v.username}'s feed ends before page ${p + 1}`);
    }
    deep.push(feedPath(cursor));
  }

  return {
    app, db: database.db, storage, origin, viewers, deep, served,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
}

async function login(origin: string, username: string): Promise<{ cookie: string; visitorCookie: string }> {
  const csrf = /csrftoken=([^;]+)/.exec((await fetch(`${origin}/`)).headers.getSetCookie().join(';'))?.[1];
  if (!csrf) throw new Error('no csrftoken cookie on GET');
  const res = await fetch(`${origin}/accounts/login/ajax/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  const session = /sessionid=([^;]+)/.exec(res.headers.getSetCookie().join(';'))?.[1];
  // The login renews the csrftoken for the new session: later requests carry that one.
  const token = /csrftoken=([^;]+)/.exec(res.headers.getSetCookie().join(';'))?.[1];
  if (!session) throw new Error(`login failed for ${username}: ${res.status} ${await res.text()}`);
  return { cookie: `csrftoken=${token}; sessionid=${session}`, visitorCookie: `csrftoken=${csrf}` };
}

/**
 * One autocannon run at `origin`; connection i is viewer i mod n with its own cookie and path.
 * `anonymous` sends only a logged-out visitor's csrf cookie: a baseline that costs no session lookup.
 */
export function load(origin: string, viewers: Viewer[], pathOf: (k: number) => string, opts: { connections: number; duration: number; anonymous?: boolean }): Promise<Result> {
  let i = 0;
  return autocannon({
    url: origin,
    connections: opts.connections,
    duration: opts.duration,
    setupClient: (client) => {
      const k = i++ % viewers.length;
      const cookie = opts.anonymous ? viewers[k]!.visitorCookie : viewers[k]!.cookie;
      // setRequests, not setRequest: autocannon's iterator falls back to its list after the first request.
      client.setRequests([{ method: 'GET', path: pathOf(k), headers: { cookie } }]);
    },
  });
}

/** Warns when a run was not all 200s from the route it meant to hit. */
export function checkRun(world: FeedWorld, label: string, route: string, res: Result): void {
  const want = `${route} 200`;
  if ((world.served.get(want) ?? 0) < res.requests.total) console.warn(`  ${label}: served ${JSON.stringify(Object.fromEntries(world.served))}`);
  if (res.errors || res.non2xx || res.timeouts) console.warn(`  ${label}: ${res.errors} errors, ${res.non2xx} non-2xx, ${res.timeouts} timeouts`);
}
