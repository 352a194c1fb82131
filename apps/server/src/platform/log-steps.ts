/**
 * The steps of a start (the database, the demo world, the places) told as they happen: a line as
 * a step begins, a line of progress every few seconds while a long one runs, and a line with its
 * time when it ends. In JSON logs they are records with a `step` field.
 */

/** What a step writes to: the service's logger (pino), or anything with the same info(). */
export interface StepLog {
  info(fields: object, message: string): void;
}

/** Progress of one part of a step: 40 of 120 people. */
export type Progress = (done: number, total: number, unit: string) => void;

export interface Step {
  /** Says how far the step is, at most once every few seconds (never a line per item). */
  progress: Progress;
  /** The step's last line, with how long it took: `Demo world seeded: 40 people (24.1 s)`. Returns the milliseconds. */
  end(message: string, fields?: object): number;
}

export interface StepOptions {
  /** The line that opens the step; without it the step is quiet until its first progress. */
  opening?: string;
  /** Least time between two progress lines. */
  everyMs?: number;
  /**
   * While no progress is told for `everyMs`, say how long the step has run (`…: 10.0 s so far…`):
   * for a step that cannot count its work (opening a database). Its end stops it.
   */
  heartbeat?: boolean;
  now?: () => number;
}

export const PROGRESS_EVERY_MS = 5_000;

const count = (n: number) => n.toLocaleString('en-US');

/** `840 ms`, `12.3 s`, `2 min 5 s`. */
export function elapsed(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Starts a step named `name` (`Seeding the demo world`): its progress lines read
 * `Seeding the demo world: 40/120 people…`.
 */
export function startStep(log: StepLog, name: string, options: StepOptions = {}): Step {
  const now = options.now ?? Date.now;
  const everyMs = options.everyMs ?? PROGRESS_EVERY_MS;
  const started = now();
  let lastLine = started;
  /** The latest progress told, and whether a line has said it yet. */
  let latest: { done: number; total: number; unit: string } | null = null;
  let said = true;
  if (options.opening) log.info({ step: name }, options.opening);

  const sayProgress = (at: number) => {
    const { done, total, unit } = latest!;
    const fresh = !said;
    lastLine = at;
    said = true;
    const words = `${name}: ${count(done)}/${count(total)} ${unit}`;
    // The same count again (one long item): how long the step has run shows it is not stuck.
    log.info({ step: name, done, total, unit, ms: at - started }, fresh ? `${words}…` : `${words}, ${elapsed(at - started)} so far…`);
  };
  const timer = options.heartbeat
    ? setInterval(() => {
      const at = now();
      if (at - lastLine < everyMs) return;
      if (latest) {
        sayProgress(at);
        return;
      }
      lastLine = at;
      log.info({ step: name, ms: at - started }, `${name}: ${elapsed(at - started)} so far…`);
    }, Math.min(1000, everyMs))
    : undefined;
  timer?.unref();
  return {
    progress(done, total, unit) {
      latest = { done, total, unit };
      said = false;
      const at = now();
      if (at - lastLine >= everyMs) sayProgress(at);
    },
    end(message, fields = {}) {
      clearInterval(timer);
      const ms = now() - started;
      log.info({ step: name, ...fields, ms }, `${message} (${elapsed(ms)})`);
      return ms;
    },
  };
}
