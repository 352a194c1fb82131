import type { Db } from '../../db/database.js';
import type { DepartureState } from '../../db/schema.js';
import { createSessionRepository } from '../../platform/session.repository.js';
import type { CachedSessionStore } from '../../platform/session-store.js';
import { createAccountsLeavingRepository } from '../accounts/leaving.repository.js';
import { createCommentsLeavingRepository } from '../comments/leaving.repository.js';
import { followEdges } from '../friendships/leaving.repository.js';
import { createPostsLeavingRepository } from '../posts/leaving.repository.js';
import { createLeavingRepository } from './repository.js';

/**
 * An account leaving and coming back. While it is gone (deactivated, or being deleted) the access
 * rules hide it and all it made; the counts its follows, likes and comments add to others' are
 * taken out in the same transaction, and put back in the one that brings it back, so that every
 * list and its count agree.
 */
export function createDepartures(db: Db) {
  const repo = createLeavingRepository(db);
  const accounts = createAccountsLeavingRepository(db);
  const posts = createPostsLeavingRepository(db);
  const comments = createCommentsLeavingRepository(db);

  /** Moves every count the person adds to others' by `delta`. */
  async function shiftCounts(trx: Db, userId: string, delta: 1 | -1): Promise<void> {
    await accounts.shiftFollowCounts(trx, await followEdges(trx, userId), delta);
    await posts.shiftLikeCounts(trx, userId, delta);
    await posts.shiftCommentCounts(trx, await comments.perPost(trx, userId), delta);
    await comments.shiftCounts(trx, userId, delta);
  }

  return {
    shiftCounts,

    /** Hides the account from everyone and ends every session of it, wherever it was opened. */
    async depart(userId: string, state: DepartureState, purgeAfter: Date | null, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (await repo.depart(trx, userId, state, purgeAfter, reason)) await shiftCounts(trx, userId, -1);
        await createSessionRepository(trx).endAllOf(userId, null);
      });
    },

    /** Brings the account back (a login): answers whether it had left. */
    async comeBack(userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.comeBack(trx, userId))) return false;
        await shiftCounts(trx, userId, 1);
        return true;
      });
    },

    async departed(userId: string): Promise<boolean> {
      return (await repo.departure(db, userId)) !== undefined;
    },
  };
}
export type Departures = ReturnType<typeof createDepartures>;

/**
 * The session store, with every login (password, two-factor, one-tap, a provider, signup) bringing
 * back a departed account first and telling it by `reactivated`.
 */
export function returningOnLogin(sessions: CachedSessionStore, departures: Pick<Departures, 'comeBack'>): CachedSessionStore {
  return {
    ...sessions,
    async create(userId, userAgent, ip) {
      const reactivated = await departures.comeBack(userId);
      return { ...(await sessions.create(userId, userAgent, ip)), ...(reactivated ? { reactivated } : {}) };
    },
  };
}
