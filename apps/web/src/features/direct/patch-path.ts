/**
 * The paths a channel delta may change (the contract's `directPaths`), read back into what they
 * name. Every number in a path (thread, item, user and indicator ids) must parse as an integer
 * (R-002-direct-realtime-5): anything else is not ours to apply.
 */
export type PatchTarget =
  | { kind: 'item'; threadId: string; itemId: string }
  | { kind: 'hasSeen'; threadId: string; userId: string }
  | { kind: 'typing'; threadId: string; indicatorId: string }
  | { kind: 'inboxThread'; threadId: string }
  | { kind: 'unseenCount' };

const INTEGER = /^\d{1,20}$/;

/** Ids travel as decimal strings (64-bit, past what a JavaScript number holds exactly). */
export const isIntegerId = (value: string) => INTEGER.test(value);

export function parsePatchPath(path: string): PatchTarget | null {
  if (path === '/direct_v2/inbox/unseen_count') return { kind: 'unseenCount' };
  const parts = path.split('/');
  // ['', 'direct_v2', 'threads' | 'inbox', ...]
  if (parts[0] !== '' || parts[1] !== 'direct_v2') return null;
  const rest = parts.slice(2);
  if (rest.length === 3 && rest[0] === 'inbox' && rest[1] === 'threads') {
    return isIntegerId(rest[2]) ? { kind: 'inboxThread', threadId: rest[2] } : null;
  }
  if (rest[0] !== 'threads' || !isIntegerId(rest[1] ?? '')) return null;
  const threadId = rest[1];
  if (rest.length === 4 && rest[2] === 'items' && isIntegerId(rest[3])) return { kind: 'item', threadId, itemId: rest[3] };
  if (rest.length === 4 && rest[2] === 'activity_indicator_id' && isIntegerId(rest[3])) return { kind: 'typing', threadId, indicatorId: rest[3] };
  if (rest.length === 5 && rest[2] === 'participants' && rest[4] === 'has_seen' && isIntegerId(rest[3])) return { kind: 'hasSeen', threadId, userId: rest[3] };
  return null;
}

/** A numeric value (an unseen count, a sequence id) that is a whole number, else null. */
export function integerValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
  return null;
}
