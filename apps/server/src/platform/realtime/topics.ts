import { directPaths, TOPIC_BADGE_COUNT, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE_RESPONSE, type SyncEvent } from '@shutter/contract';

/**
 * Clients see three public topic names; inside the broker every subscription lives on a topic of
 * the connected user's own (`$u/{prefix}/{userId}/{kind}`). Whatever a client asks for, it can only
 * ever be given its own user's topics, so no topic name reaches another user's events. The prefix
 * keeps instances that share a Redis but not a database (test suites) apart.
 */
const KIND_OF_PUBLIC = new Map<string, Kind>([
  [TOPIC_MESSAGE_SYNC, 'sync'],
  [TOPIC_BADGE_COUNT, 'badge'],
  [TOPIC_SEND_MESSAGE_RESPONSE, 'response'],
]);
const PUBLIC_OF_KIND = { sync: TOPIC_MESSAGE_SYNC, badge: TOPIC_BADGE_COUNT, response: TOPIC_SEND_MESSAGE_RESPONSE } as const;
type Kind = keyof typeof PUBLIC_OF_KIND;

export type UserTopics = ReturnType<typeof userTopics>;

export function userTopics(prefix: string) {
  // A wildcard or a level separator in the prefix would let one instance's topics match another's.
  if (!/^[\w:.-]+$/.test(prefix)) throw new Error(`the channel's prefix must be letters, digits and _ : . - (got ${JSON.stringify(prefix)})`);
  const base = (userId: string) => `$u/${prefix}/${userId}/`;
  const of = (userId: string, kind: Kind) => base(userId) + kind;
  return {
    of,
    /** The user's own topic behind a public name a client subscribes to; null for any other name. */
    internal(userId: string, publicTopic: string): string | null {
      const kind = KIND_OF_PUBLIC.get(publicTopic);
      return kind ? of(userId, kind) : null;
    },
    /** The public name of one of the user's own topics; null for anything else. */
    public(userId: string, internalTopic: string): string | null {
      const start = base(userId);
      if (!internalTopic.startsWith(start)) return null;
      const kind = internalTopic.slice(start.length);
      return Object.hasOwn(PUBLIC_OF_KIND, kind) ? PUBLIC_OF_KIND[kind as Kind] : null;
    },
  };
}

/**
 * What a `badge_count_only` subscriber gets of an event: its replacements of the unseen count,
 * under the same seq_id, or the snapshot request itself; null when the event has neither.
 */
export function badgeEvent(event: SyncEvent): SyncEvent | null {
  if (event.event === 'snapshot') return event;
  const data = event.data.filter((op) => op.op === 'replace' && op.path === directPaths.unseenCount);
  if (!data.length) return null;
  return event.seq_id === undefined ? { event: 'patch', data } : { event: 'patch', seq_id: event.seq_id, data };
}
