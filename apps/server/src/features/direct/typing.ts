import { DIRECT_TYPING_PACE_MS, DIRECT_TYPING_TTL_MS, directPaths, type TypingIndicator } from '@shutter/contract';
import { HttpError } from '../../platform/errors.js';
import type { Direct } from './service.js';

/**
 * How long a person's place in a thread is trusted for their typing without reading it again:
 * removed from the thread, gone from it or blocked, their typing stops being told within this.
 */
export const TYPING_MEMBER_TRUST_MS = 5_000;
/** (Person, thread) pairs one instance remembers at once; past it the oldest are forgotten. */
const REMEMBERED_MAX = 50_000;

export interface TypingDeps {
  direct: Pick<Direct, 'requireMember' | 'readers' | 'publishNow'>;
  onError(err: unknown): void;
  paceMs?: number;
  memberTrustMs?: number;
  now?: () => number;
}

type Status = 0 | 1;

interface Paced {
  userId: string;
  threadId: string;
  /** When `told` was told: the window of the pace starts there. */
  toldAt: number;
  told: Status;
  /** What the person said last, told when the window ends if it is not `told`. */
  latest: Status;
  timer?: NodeJS.Timeout;
}

/** Keeps at most `max` entries: the oldest goes first (a re-set entry counts as new). */
function remember<V>(map: Map<string, V>, key: string, value: V, onForget?: (v: V) => void): void {
  map.delete(key);
  if (map.size >= REMEMBERED_MAX) {
    const [oldestKey, oldest] = map.entries().next().value as [string, V];
    map.delete(oldestKey);
    onForget?.(oldest);
  }
  map.set(key, value);
}

/**
 * Typing, told to a thread's other readers and stored nowhere (R-002-direct-18). A client may send
 * it as often as it likes; what is told of one person in one thread is paced to once in
 * DIRECT_TYPING_PACE_MS on this instance: the first state at once, the last one of the window when
 * it ends (so a stop right after a start still arrives), everything between dropped. Only what is
 * told costs a read, and a member's place is trusted for TYPING_MEMBER_TRUST_MS.
 */
export function createTypingRelay(deps: TypingDeps) {
  const now = deps.now ?? Date.now;
  const paceMs = deps.paceMs ?? DIRECT_TYPING_PACE_MS;
  const trustMs = deps.memberTrustMs ?? TYPING_MEMBER_TRUST_MS;
  const paced = new Map<string, Paced>();
  const trustedUntil = new Map<string, number>();

  async function isMember(userId: string, threadId: string): Promise<boolean> {
    const key = `${userId}:${threadId}`;
    if ((trustedUntil.get(key) ?? 0) > now()) return true;
    try {
      await deps.direct.requireMember(userId, threadId);
    } catch (err) {
      trustedUntil.delete(key);
      if (err instanceof HttpError) return false;
      throw err;
    }
    remember(trustedUntil, key, now() + trustMs);
    return true;
  }

  async function tell({ userId, threadId }: Paced, status: Status): Promise<void> {
    try {
      if (!(await isMember(userId, threadId))) return;
      const value: TypingIndicator = { sender_id: userId, activity_status: status, ttl: DIRECT_TYPING_TTL_MS, timestamp: now() };
      const others = (await deps.direct.readers(threadId)).filter((id) => id !== userId);
      deps.direct.publishNow(others, [{ op: status === 1 ? 'add' : 'remove', path: directPaths.typing(threadId, userId), value }]);
    } catch (err) {
      deps.onError(err);
    }
  }

  function windowEnds(key: string): void {
    const entry = paced.get(key);
    if (!entry) return;
    entry.timer = undefined;
    if (entry.latest === entry.told) return;
    entry.told = entry.latest;
    entry.toldAt = now();
    remember(paced, key, entry);
    void tell(entry, entry.told);
  }

  const forget = (entry: Paced) => clearTimeout(entry.timer);

  return {
    /** One typing state a person sent; resolves once it is told, or at once when the pace holds it. */
    async send(userId: string, threadId: string, status: Status): Promise<void> {
      const key = `${userId}:${threadId}`;
      const at = now();
      const entry = paced.get(key);
      if (entry && at - entry.toldAt < paceMs) {
        entry.latest = status;
        if (!entry.timer && status !== entry.told) {
          entry.timer = setTimeout(windowEnds, Math.max(0, entry.toldAt + paceMs - at), key);
          entry.timer.unref();
        }
        return;
      }
      if (entry) forget(entry);
      const fresh: Paced = { userId, threadId, toldAt: at, told: status, latest: status };
      remember(paced, key, fresh, forget);
      await tell(fresh, status);
    },

    /** Nothing held back is told any more (the service is closing). */
    stop(): void {
      for (const entry of paced.values()) forget(entry);
      paced.clear();
      trustedUntil.clear();
    },
  };
}
