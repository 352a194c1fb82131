import { DIRECT_PRESENCE_ACTIVE_MS, type PresenceResult } from '@shutter/contract';
import type { Access } from '../access/service.js';
import type { BroadcastRepository } from './broadcast.repository.js';

/** One instance writes a person's time at most this often, however many connections they hold. */
const WRITE_EVERY_MS = 30_000;
const REMEMBERED_MAX = 50_000;
/** Whose presence a viewer is told: the people of their most recent threads. */
const PEER_THREADS = 100;

export interface PresenceDeps {
  repo: Pick<BroadcastRepository, 'touchPresence' | 'presenceOf' | 'peers'>;
  access: Pick<Access, 'blockedAmong'>;
  /** Of these people, those who turned their activity status off. */
  hidden?(userIds: string[]): Promise<Set<string>>;
  onError(err: unknown): void;
  now?: () => number;
}

/**
 * Who is around: the channel reports each connection's signs of life (`active`), stored as one
 * time per person in the database, so every instance answers the same. A person counts as active
 * while seen within DIRECT_PRESENCE_ACTIVE_MS; only people the viewer talks with are told.
 */
export function createPresence(deps: PresenceDeps) {
  const now = deps.now ?? Date.now;
  const written = new Map<string, number>();

  return {
    /** A sign of life from the channel; never throws, never waits. */
    active(userId: string): void {
      const at = now();
      if (at - (written.get(userId) ?? 0) < WRITE_EVERY_MS) return;
      if (written.size >= REMEMBERED_MAX) written.clear();
      written.set(userId, at);
      deps.repo.touchPresence(userId, new Date(at)).catch((err: unknown) => {
        written.delete(userId);
        deps.onError(err);
      });
    },

    async of(viewerId: string): Promise<PresenceResult['user_presence']> {
      // Both in the thread (neither in the other's requests nor gone): a stranger's request tells nothing.
      const peers = await deps.repo.peers(viewerId, PEER_THREADS);
      const [blocked, hidden] = await Promise.all([
        deps.access.blockedAmong(viewerId, peers), deps.hidden ? deps.hidden([viewerId, ...peers]) : new Set<string>(),
      ]);
      // As with read receipts, who hides their own activity status sees nobody's.
      if (hidden.has(viewerId)) return {};
      const visible = peers.filter((id) => id !== viewerId && !blocked.has(id) && !hidden.has(id));
      const seen = await deps.repo.presenceOf(visible);
      const since = now() - DIRECT_PRESENCE_ACTIVE_MS;
      return Object.fromEntries(visible.map((id) => {
        const at = seen.get(id)?.getTime() ?? null;
        return [id, { is_active: at !== null && at > since, last_activity_at_ms: at }];
      }));
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;
