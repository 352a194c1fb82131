import { RETRY_MAX_MS, RETRY_START_MS } from '@shutter/contract';

export interface RetryOptions {
  startMs?: number;
  maxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  isRetryable?: (error: unknown) => boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec 002 §8: HTTP 429 and 500 are worth retrying; everything else is thrown at once. */
export function isRetryableStatus(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 429 || status === 500;
}

/**
 * Retry helper (spec 002 §8): retries with a doubling delay from RETRY_START_MS; once the next delay
 * would pass RETRY_MAX_MS the last error is thrown. Delays: 1000, 2000, ..., 64000 ms.
 */
export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { startMs = RETRY_START_MS, maxMs = RETRY_MAX_MS, sleep = defaultSleep, isRetryable = isRetryableStatus } = options;
  let delay = startMs;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryable(error) || delay > maxMs) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}
