import type { Db } from '../db/database.js';

/** A session unused this long is over, whatever its cookie says. */
const SESSION_IDLE_LIMIT_MS = 90 * 24 * 3600 * 1000;

const idleSince = () => new Date(Date.now() - SESSION_IDLE_LIMIT_MS);

/**
 * Every SQL statement of `sessions`. Areas that end sessions (a password change or reset) call
 * these, inside their own transaction when they pass one as `db`.
 */
export function createSessionRepository(db: Db) {
  return {
    async insert(session: { id: string; user_id: string; token_hash: string; user_agent: string; ip: string }): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    /** The live session whose token has this hash. */
    findLive(tokenHash: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'last_active_at'])
        .where('token_hash', '=', tokenHash)
        .where('last_active_at', '>', idleSince())
        .executeTakeFirst();
    },

    async touch(sessionId: string, ip: string): Promise<void> {
      await db.updateTable('sessions').set({ last_active_at: new Date(), ip }).where('id', '=', sessionId).execute();
    },

    /** A user's live sessions, newest first, keyset-paged on the id. */
    listForUser(userId: string, first: number, beforeId: string | null) {
      let q = db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_active_at'])
        .where('user_id', '=', userId)
        .where('last_active_at', '>', idleSince());
      if (beforeId) q = q.where('id', '<', beforeId);
      return q.orderBy('id', 'desc').limit(first + 1).execute();
    },

    /** Ends one of the user's own sessions; false when it is not theirs or already over. */
    async endForUser(userId: string, sessionId: string): Promise<boolean> {
      const res = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    async markSuspicious(sessionId: string): Promise<void> {
      await db.updateTable('sessions').set({ suspicious: true }).where('id', '=', sessionId).execute();
    },

    /** Sets or clears the owner's "This was me" on their own suspicious session; false when there is none. */
    async confirmSuspicious(userId: string, sessionId: string, at: Date | null): Promise<boolean> {
      const res = await db.updateTable('sessions').set({ confirmed_at: at })
        .where('id', '=', sessionId).where('user_id', '=', userId).where('suspicious', '=', true).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** The user's live suspicious sessions, newest first (a handful at most). */
    listSuspicious(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'confirmed_at'])
        .where('user_id', '=', userId)
        .where('suspicious', '=', true)
        .where('last_active_at', '>', idleSince())
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
    },

    /** One of the user's live sessions, for what login activity shows of it. */
    findForUser(userId: string, sessionId: string) {
      return db.selectFrom('sessions').select(['id', 'user_agent', 'ip']).where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
    },

    async end(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    /** Ends every session of the user but `keepSessionId` (the one asking, when there is one). */
    async endAllOf(userId: string, keepSessionId: string | null): Promise<void> {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepSessionId) q = q.where('id', '!=', keepSessionId);
      await q.execute();
    },
  };
}
