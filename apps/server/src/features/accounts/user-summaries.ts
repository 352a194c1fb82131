import type { Db } from '../../db/database.js';
import type { UserSummaryRow } from '../../platform/presenters.js';
import type { SummaryCaches } from '../../platform/summary-cache.js';
import { createAccountsRepository } from './repository.js';

const USERS_KEPT = 50_000;

/**
 * The small form of each account (name, picture, private, verified), cached by id. Posts refer to
 * their owner and tagged people by id, so a rename or a new picture drops one entry, not every
 * post. Whoever writes one of these columns calls `forget` once the write committed.
 */
export function createUserSummaries(db: Db, caches: SummaryCaches) {
  const cache = caches.kind<UserSummaryRow>('user', USERS_KEPT);
  const repo = createAccountsRepository(db);
  return {
    async many(ids: readonly string[]): Promise<Map<string, UserSummaryRow>> {
      if (ids.length === 0) return new Map();
      return cache.many(ids, async (missing) => {
        const rows = await repo.summaries(missing);
        return new Map(rows.map((r) => [r.id, r]));
      });
    },
    ticket: cache.ticket,
    prime: cache.prime,
    forget: (userId: string) => cache.forget([userId]),
    /** Told of every person dropped, by this instance or another. */
    onForget: cache.onForget,
  };
}
export type UserSummaries = ReturnType<typeof createUserSummaries>;
