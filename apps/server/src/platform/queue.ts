import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface Queue {
  send<T extends object>(name: string, data: T): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Waits for jobs in flight, then stops. */
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** The embedded database; pg-boss then shares its single connection. */
  pglite?: PGlite;
  /** PostgreSQL; pg-boss keeps its own small pool. */
  connectionString?: string;
  /** pg-boss's schema (tests give each suite its own). */
  schema?: string;
  pollingIntervalSeconds?: number;
}

/**
 * Background jobs (video encoding, clean-ups) in pg-boss, on the same database as everything else:
 * a job is a row, so it survives a restart and runs once.
 */
export async function startQueue(opts: QueueOptions): Promise<Queue> {
  const schema = opts.schema ?? 'pgboss';
  const boss = opts.pglite
    ? new PgBoss({
        schema,
        db: {
          // pg-boss sends several statements at once without parameters (its schema): exec takes those.
          executeSql: async (text: string, values?: unknown[]) => {
            if (!values || values.length === 0) {
              const results = await opts.pglite!.exec(text);
              return { rows: results[results.length - 1]?.rows ?? [] };
            }
            return opts.pglite!.query(text, values as unknown[]);
          },
        },
        schedule: false,
      } as unknown as PgBoss.ConstructorOptions)
    : new PgBoss({ connectionString: opts.connectionString, schema, max: 3, schedule: false });
  boss.on('error', (err) => console.error('[queue]', err));
  await boss.start();
  const created = new Set<string>();
  const ensure = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  return {
    async send(name, data) {
      await ensure(name);
      await boss.send(name, data, { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
    },
    async work(name, handler) {
      await ensure(name);
      await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}
