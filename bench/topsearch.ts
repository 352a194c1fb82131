/**
 * Top search over a large world of people on PostgreSQL: seeds accounts with realistic, partly
 * accented names and a power-law of followers into a database of its own, then loads
 * /web/search/topsearch/ (the real route, service and reads) with autocannon, side by side with a
 * route serving the same answer's bytes from memory, for a prefix, a misspelt and an accented
 * query, and prints each query's plan. The database is dropped at the end.
 *
 * People come from the index the service keeps in memory (features/search/people-index.ts); its
 * load time and heap are printed first. Each query is loaded in turn, so all face the same machine:
 * as the service answers it (kept ready once built, asked again: a repeated search), built each
 * time from the people index, and built by the same service reading people from the database's
 * indexes.
 *
 *   BENCH_PG=postgres://postgres@127.0.0.1:5432 node --expose-gc --import tsx bench/topsearch.ts [--users 1000000] [--duration 10]
 */
import Fastify from 'fastify';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { USER_SEARCH_INDEXES } from '../apps/server/src/db/migrations/20261124010000-search.js';
import { createUserSearch, type UserSearch } from '../apps/server/src/features/accounts/user-search.js';
import { createPeopleIndex } from '../apps/server/src/features/search/people-index.js';
import { createHashtagsRepository } from '../apps/server/src/features/hashtags/repository.js';
import { searchHashtags } from '../apps/server/src/features/hashtags/service.js';
import { createPlacesRepository } from '../apps/server/src/features/places/repository.js';
import { createPlaces } from '../apps/server/src/features/places/service.js';
import { createIdGenerator } from '../apps/server/src/platform/ids.js';
import { createSearchRepository } from '../apps/server/src/features/search/repository.js';
import { registerSearchRoutes } from '../apps/server/src/features/search/routes.js';
import { createSearch } from '../apps/server/src/features/search/service.js';
import { createPreparedHits, createPreparedSearch } from '../apps/server/src/features/search/prepared-search.js';
import { createAccess } from '../apps/server/src/features/access/service.js';
import { createAccessRepository } from '../apps/server/src/features/access/repository.js';
import { createRememberedVisibility } from '../apps/server/src/features/access/remembered-visibility.js';
import { createUserSummaries } from '../apps/server/src/features/accounts/user-summaries.js';
import { createPostSummaries } from '../apps/server/src/features/posts/summaries.js';
import { createSummaryCaches } from '../apps/server/src/platform/summary-cache.js';
import { createStoryRings } from '../apps/server/src/features/stories/rings.js';
import { createSuggestions } from '../apps/server/src/features/suggestions/service.js';
import { createSuggestionsRepository } from '../apps/server/src/features/suggestions/repository.js';
import { answerSerializer } from '../apps/server/src/platform/answers.js';
import { registerErrorHandler } from '../apps/server/src/platform/error-handler.js';
import type { Storage } from '../apps/server/src/platform/storage.js';
import { flag, fmt } from './lib.js';

const USERS = flag('users', 1_000_000);
const DURATION = flag('duration', 10);
const base = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = `shutter_search_bench_${process.pid}`;
const QUERIES = { prefix: 'mar', misspelt: 'jonahtan', accented: 'sofia ramirez' };

const admin = new pg.Client({ connectionString: `${base}/postgres` });
await admin.connect();
await admin.query(`create database ${DB_NAME}`);
try {
  await run();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

async function run() {
  const handle = await openDatabase({ url: `${base}/${DB_NAME}`, poolSize: 20 });
  try {
    await bench(handle.db);
  } finally {
    await handle.close();
  }
}

async function bench(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await migrateToLatest(db);
  const firsts = ['María', 'José', 'Sofía', 'Jonathan', 'Chloé', 'Zoë', 'Inês', 'Mark', 'Marta', 'Lena', 'Kenji', 'Amara', 'Noah', 'Élodie', 'Mateo', 'Ana', 'Björn', 'Fatima', 'Liam', 'Priya'];
  const lasts = ['Ramírez', 'García', 'Müller', 'Nguyen', 'Okafor', 'Rossi', 'Fischer', 'Costa', 'Lindqvist', 'Sato', 'Dubois', 'Kowalski', 'Haddad', 'Walsh', 'Jiménez', 'Martin', 'Byrne', 'Petrova', 'Silva', 'Smith'];
  let t = performance.now();
  for (const [name] of USER_SEARCH_INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
  // The words of names are gathered once after the load rather than row by row.
  await sql`alter table users disable trigger users_search_terms`.execute(db);
  // Names from two lists; usernames from the folded name and a number; followers on a power law.
  await sql`insert into users (id, username, username_lower, email, email_lower, password_hash, full_name, follower_count)
    select 1000000 + g, lower(fold_text(f.n || l.n)) || '_' || g, lower(fold_text(f.n || l.n)) || '_' || g,
      'u' || g || '@bench.example', 'u' || g || '@bench.example', 'x', f.n || ' ' || l.n,
      floor(power(random(), 12) * 100000)::int
    from generate_series(1, ${USERS}) g
    cross join lateral (select (${sql.val(firsts)}::text[])[1 + (g::bigint * 7919) % ${firsts.length}] as n) f
    cross join lateral (select (${sql.val(lasts)}::text[])[1 + (g::bigint * 104729 / 13) % ${lasts.length}] as n) l`.execute(db);
  console.log(`seeded ${USERS} accounts in ${fmt((performance.now() - t) / 1000)} s`);
  t = performance.now();
  for (const [, create] of USER_SEARCH_INDEXES) await create.execute(db);
  await sql`insert into search_terms (term)
    select distinct w from users, regexp_split_to_table(fold_text(full_name), '[[:space:]]+') w where length(w) >= 3 on conflict do nothing`.execute(db);
  await sql`alter table users enable trigger users_search_terms`.execute(db);
  await sql`analyze users`.execute(db);
  console.log(`search indexes in ${fmt((performance.now() - t) / 1000)} s`);

  // The people index the service keeps: its load time and the heap it adds.
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const people = createPeopleIndex({ db, prefix: 'bench', log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  const loaded = await people.load();
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  console.log(`people index: ${loaded.accounts} accounts loaded in ${fmt(loaded.ms / 1000)} s, heap +${fmt(heapMb, 0)} MB${globalThis.gc ? '' : ' (run node with --expose-gc for an exact figure)'}`);

  const storage = { url: (key: string) => `/media/${key}` } as unknown as Storage;
  const tags = createHashtagsRepository(db);
  const rings = createStoryRings(db);
  const places = createPlaces(createPlacesRepository(db), createIdGenerator(0));
  const sources = {
    hashtags: (q: string, limit: number) => searchHashtags(tags, q, limit), places: places.search,
    popularHashtags: async (limit: number) => (await tags.popular(limit)).map((r) => ({ id: String(r.id), name: r.name, media_count: r.media_count })),
  };
  // Answers kept ready, as the service assembles them (app.ts): a repeated search is answered as it was built.
  const caches = createSummaryCaches({ prefix: 'bench', log: console });
  const userSummaries = createUserSummaries(db, caches);
  const preparedSearch = createPreparedSearch(caches, { posts: createPostSummaries(db, caches, userSummaries, places), people: userSummaries });
  const access = createAccess(createAccessRepository(db), createRememberedVisibility(caches));
  const preparedHits = createPreparedHits(caches, { posts: createPostSummaries(db, caches, userSummaries, places), people: userSummaries });
  people.onChange(preparedSearch.dropHere);
  const searchApp = (users: UserSearch, keep = false, shareHits = false) => {
    const server = Fastify({ logger: false });
    server.setValidatorCompiler(validatorCompiler);
    // Answers are serialised as the service does in production (platform/answers.ts: JSON.stringify, no schema check).
    server.setSerializerCompiler(answerSerializer(false));
    registerErrorHandler(server);
    registerSearchRoutes(server, createSearch({
      repo: createSearchRepository(db), users, sources,
      recentSources: { hashtagsByName: async () => [], placesById: places.hits },
      suggestions: createSuggestions(createSuggestionsRepository(db), storage, rings), storage, rings,
      prepared: keep ? { answers: preparedSearch, access } : undefined,
      hits: keep || shareHits ? preparedHits : undefined,
    }));
    return server;
  };
  const app = searchApp(people.search);
  const keptApp = searchApp(people.search, true);
  // A person's first search of a query someone asked lately: people built for them, hashtags and places as kept for everyone.
  const firstApp = searchApp(people.search, false, true);
  // The same service reading people from the database's indexes, as before the people index: loaded in turn under the same conditions.
  const dbApp = searchApp(createUserSearch(db));
  const bytes = new Map<string, string>();
  app.get('/memory/:name', async (request, reply) => reply.type('application/json').send(bytes.get((request.params as { name: string }).name)));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const dbOrigin = await dbApp.listen({ port: 0, host: '127.0.0.1' });
  const keptOrigin = await keptApp.listen({ port: 0, host: '127.0.0.1' });
  const firstOrigin = await firstApp.listen({ port: 0, host: '127.0.0.1' });

  for (const [name, q] of Object.entries(QUERIES)) {
    const res = await fetch(`${origin}/web/search/topsearch/?query=${encodeURIComponent(q)}`);
    const body = await res.text();
    bytes.set(name, body);
    const first = (JSON.parse(body) as { users: { user: { username: string; full_name: string } }[] }).users.slice(0, 3).map((u) => `${u.user.username} (${u.user.full_name})`);
    console.log(`\n${name} "${q}": ${body.length} bytes, first: ${first.join(', ')}`);
  }
  await explain(db);

  console.log('\n| query | connections | kept answer p50 / p99 ms | req/s | first search, hits kept for everyone p50 / p99 ms | req/s | built (people index) p50 / p99 ms | req/s | database p50 / p99 ms | req/s | from memory p50 / p99 ms | req/s | kept / memory req/s |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const connections of [10, 50]) {
    for (const [name, q] of Object.entries(QUERIES)) {
      const kept = await load(`${keptOrigin}/web/search/topsearch/?query=${encodeURIComponent(q)}`, connections);
      const first = await load(`${firstOrigin}/web/search/topsearch/?query=${encodeURIComponent(q)}`, connections);
      const real = await load(`${origin}/web/search/topsearch/?query=${encodeURIComponent(q)}`, connections);
      const fromDb = await load(`${dbOrigin}/web/search/topsearch/?query=${encodeURIComponent(q)}`, connections);
      const memory = await load(`${origin}/memory/${name}`, connections);
      const errors = kept.non2xx + kept.errors + first.non2xx + first.errors + real.non2xx + real.errors + fromDb.non2xx + fromDb.errors;
      const cell = (r: Result) => `${r.latency.p50} / ${r.latency.p99} | ${fmt(r.requests.average, 0)}`;
      const ratio = fmt(kept.requests.average / memory.requests.average, 3);
      console.log(`| ${name} | ${connections} | ${cell(kept)} | ${cell(first)} | ${cell(real)} | ${cell(fromDb)} | ${cell(memory)} | ×${ratio} |${errors ? ` errors ${errors}` : ''}`);
    }
  }
  await app.close();
  await dbApp.close();
  await keptApp.close();
  await firstApp.close();
}

function load(url: string, connections: number): Promise<Result> {
  return autocannon({ url, connections, duration: DURATION });
}

/** The plan of the prefix branch and of the typo branch: both should read the trigram indexes. */
async function explain(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`.execute(trx);
    for (const [label, query] of [
      ['name prefix', sql`select u.id from users u where fold_text(u.full_name) like fold_text('mar%') order by fold_text(u.full_name) using ~<~ limit 50`],
      ['last name prefix', sql`select u.id from users u where substring(fold_text(u.full_name) from '([^[:space:]]+)[[:space:]]*$') like 'mar%' order by substring(fold_text(u.full_name) from '([^[:space:]]+)[[:space:]]*$') using ~<~ limit 50`],
      ['words near a misspelt one', sql`select term from search_terms where term % 'lindkvist' order by similarity(term, 'lindkvist') desc limit 3`],
    ] as const) {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) ${query}`.execute(trx);
      console.log(`\nplan (${label}):\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    }
  });
}
