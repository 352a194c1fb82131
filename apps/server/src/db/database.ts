import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, for what shares its one connection (the job queue). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const INT8_OID = 20;
// 64-bit ids and counts stay decimal strings on both drivers, so JSON never loses precision.
pg.types.setTypeParser(INT8_OID, (v) => v);

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite data directory; without it, an in-memory database. */
  dataDir?: string;
  /** A PGlite data directory dumped earlier (`dumpDataDir`) to start from, instead of an empty database. */
  loadDataDir?: Blob;
  /** PostgreSQL schema to use (tests isolate suites this way). */
  schema?: string;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // JIT compiles the feed's fan-in query on every call for no gain at these row counts.
      // A suite's own schema comes first; `public` after it holds the text-search extensions.
      options: ['-c jit=off', ...(opts.schema ? [`-c search_path=${opts.schema},public`] : [])].join(' '),
    });
    // An idle connection the server ended (a restart, a terminated backend) is dropped from the
    // pool, which opens a new one when needed; unhandled, the event would end the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers: { [INT8_OID]: (v: string) => v },
    // Search matches names without accents or case, and with typos, as on PostgreSQL.
    extensions: { pg_trgm, unaccent },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    // Kysely's destroy closes the PGlite instance, which flushes it to disk.
    close: () => db.destroy(),
  };
}

/** Applies the pending migrations. `schema` keeps the migrator's own tables in that schema too. */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
