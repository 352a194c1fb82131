import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_MAX_MS, RETRY_START_MS } from '@shutter/contract';
import { ApiError } from './api';
import { withRetry } from './retry';

const fail = (status: number) => new ApiError(status, { status: 'fail', message: `HTTP ${status}` }, `HTTP ${status}`);

/** Runs withRetry under fake timers and records when each attempt happened. */
function attemptsAt(run: () => Promise<unknown>) {
  const times: number[] = [];
  const start = Date.now();
  const wrapped = () => {
    times.push(Date.now() - start);
    return run();
  };
  return { times, promise: withRetry(wrapped) };
}

describe('retry helper', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('R-002-retry-1: HTTP 429 and 500 are retried with a doubling delay from 1000 ms', async () => {
    let calls = 0;
    const { times, promise } = attemptsAt(async () => {
      calls += 1;
      if (calls <= 3) throw fail(calls === 2 ? 500 : 429);
      return 'ok';
    });
    await vi.advanceTimersByTimeAsync(RETRY_START_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1 + 2000 + 4000);
    await expect(promise).resolves.toBe('ok');
    expect(RETRY_START_MS).toBe(1000);
    expect(times).toEqual([0, 1000, 3000, 7000]);
  });

  it('R-002-retry-2: the delay grows up to 64000 ms, after which the error is thrown', async () => {
    const { times, promise } = attemptsAt(async () => {
      throw fail(429);
    });
    const settled = promise.catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    const delays = times.slice(1).map((t, i) => t - times[i]);
    expect(RETRY_MAX_MS).toBe(64000);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000]);
  });

  it('R-002-retry-3: other errors are thrown at once, without waiting', async () => {
    for (const status of [400, 401, 403, 404, 409, 413, 0]) {
      const run = vi.fn(async () => {
        throw fail(status);
      });
      await expect(withRetry(run)).rejects.toMatchObject({ status });
      expect(run).toHaveBeenCalledOnce();
    }
    const plain = vi.fn(async () => {
      throw new TypeError('boom');
    });
    await expect(withRetry(plain)).rejects.toThrow('boom');
    expect(plain).toHaveBeenCalledOnce();
  });
});
