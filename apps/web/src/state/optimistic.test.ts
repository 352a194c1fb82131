import { describe, expect, it, vi } from 'vitest';
import { countWith, createOptimistic } from './optimistic';

/** A request the test answers by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('optimistic toggles', () => {
  it('applies the pending difference over the server value', () => {
    const likes = createOptimistic<boolean>();
    void likes.request('p1', true, { server: false, send: () => new Promise(() => undefined) });
    const pending = likes.pending('p1');
    expect(pending).toBe(true);
    // Liked over a server copy that is not: +1 on whatever count the server copy has.
    expect(countWith(10, false, pending)).toBe(11);
    // A newer server copy already counting the like: no double count.
    expect(countWith(11, true, pending)).toBe(11);
    // Unliked over a liked copy: -1, never below zero.
    expect(countWith(0, true, false)).toBe(0);
    expect(countWith(5, true, undefined)).toBe(5);
  });

  it('drops the difference once the server answers, so a later server value wins', async () => {
    const likes = createOptimistic<boolean>();
    const commit = vi.fn();
    const answer = deferred<boolean>();
    const done = likes.request('p1', true, { server: false, send: () => answer.promise, commit });
    expect(likes.busy('p1')).toBe(true);
    answer.resolve(true);
    await done;
    expect(commit).toHaveBeenCalledWith(true);
    expect(likes.pending('p1')).toBeUndefined();
    expect(likes.busy('p1')).toBe(false);
    // With nothing pending, the count shown is the server's, whatever it says now.
    expect(countWith(42, true, likes.pending('p1'))).toBe(42);
  });

  it('serialises rapid toggles: one request in flight, the last intended value is sent last', async () => {
    const likes = createOptimistic<boolean>();
    const sent: boolean[] = [];
    const answers: ReturnType<typeof deferred<boolean>>[] = [];
    const send = (value: boolean) => {
      sent.push(value);
      const answer = deferred<boolean>();
      answers.push(answer);
      return answer.promise;
    };
    const commit = vi.fn();
    const first = likes.request('p1', true, { server: false, send, commit });
    const second = likes.request('p1', false, { server: false, send, commit });
    const third = likes.request('p1', true, { server: false, send, commit });
    const fourth = likes.request('p1', false, { server: false, send, commit });
    expect(sent).toEqual([true]);
    expect(likes.pending('p1')).toBe(false);
    answers[0]!.resolve(true);
    await flush();
    // The toggles in between cancelled out: only the last intended value goes next.
    expect(sent).toEqual([true, false]);
    answers[1]!.resolve(false);
    await Promise.all([first, second, third, fourth]);
    expect(sent).toEqual([true, false]);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith(false);
    expect(likes.pending('p1')).toBeUndefined();
  });

  it('sends nothing more when toggles cancel out while a request is in flight', async () => {
    const likes = createOptimistic<boolean>();
    const send = vi.fn((value: boolean) => Promise.resolve(value));
    const first = likes.request('p1', true, { server: false, send });
    const second = likes.request('p1', false, { server: false, send });
    const third = likes.request('p1', true, { server: false, send });
    await Promise.all([first, second, third]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(true, false);
  });

  it('keeps keys apart', async () => {
    const likes = createOptimistic<boolean>();
    const send = vi.fn(() => new Promise<boolean>(() => undefined));
    void likes.request('p1', true, { server: false, send });
    void likes.request('p2', true, { server: false, send });
    expect(send).toHaveBeenCalledTimes(2);
    expect(likes.snapshot()).toEqual(new Map([['p1', true], ['p2', true]]));
  });

  it('rolls back on failure: the difference is dropped and the latest caller gets the error', async () => {
    const likes = createOptimistic<boolean>();
    const commit = vi.fn();
    const answer = deferred<boolean>();
    const listener = vi.fn();
    likes.subscribe(listener);
    const first = likes.request('p1', true, { server: false, send: () => answer.promise, commit });
    expect(likes.pending('p1')).toBe(true);
    answer.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    expect(likes.pending('p1')).toBeUndefined();
    // Nothing was confirmed, so no server copy is written.
    expect(commit).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalled();
  });

  it('after a failure later in a chain, commits what the server did confirm and errors once', async () => {
    const likes = createOptimistic<boolean>();
    const commit = vi.fn();
    let calls = 0;
    const send = (value: boolean) => (++calls === 1 ? Promise.resolve(value) : Promise.reject(new Error('rate limited')));
    const first = likes.request('p1', true, { server: false, send, commit });
    const second = likes.request('p1', false, { server: false, send, commit });
    await expect(first).resolves.toBeUndefined();
    await expect(second).rejects.toThrow('rate limited');
    expect(commit).toHaveBeenCalledWith(true);
    expect(likes.pending('p1')).toBeUndefined();
  });

  it('lets the server refine the value (a follow of a private account becomes a request)', async () => {
    type Rel = 'none' | 'following' | 'requested';
    const on = (rel: Rel) => rel !== 'none';
    const follows = createOptimistic<Rel>({ same: (a, b) => on(a) === on(b) });
    const commit = vi.fn();
    const send = vi.fn((value: Rel) => Promise.resolve<Rel>(value === 'none' ? 'none' : 'requested'));
    await follows.request('u1', 'following', { server: 'none', send, commit });
    expect(send).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith('requested');
  });
});
