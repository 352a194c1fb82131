import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface SendOptions {
  /** Higher first; among equals, oldest first. */
  priority?: number;
  /**
   * How long the job may run (15 minutes unless said). Past it the queue counts the job failed and
   * runs it again while the first run may still be going, so a job with a timer of its own outlasts it here.
   */
  expireInSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of this queue handled at once by this process. */
  concurrency?: number;
}

export interface Queue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
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
    async send(name, data, options = {}) {
      await ensure(name);
      await boss.send(name, data, { retryLimit: 2, retryDelay: 5, expireInSeconds: options.expireInSeconds ?? 15 * 60, priority: options.priority ?? 0 });
    },
    async work(name, handler, options = {}) {
      await ensure(name);
      // Each worker takes one job at a time, highest priority first: N workers, N jobs at once.
      for (let i = 0; i < (options.concurrency ?? 1); i++) {
        await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1, priority: true }, async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}

/**
 * Runs `task` soon after start, then every `ms`, until the app closes. The tasks are safe to run
 * on several instances at once (they take their rows with SKIP LOCKED), so no instance leads.
 */
export function runEvery(app: FastifyInstance, ms: number, what: string, task: () => Promise<unknown>): void {
  const run = () => void task().catch((err: unknown) => app.log.error({ err }, `${what} failed`));
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, ms);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
