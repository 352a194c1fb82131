import type { Db } from '../db/database.js';
import type { IdGenerator } from './ids.js';
import { randomToken, sha256 } from './tokens.js';

export interface SessionUser {
  id: string;
  username: string;
  full_name: string;
  profile_pic_key: string | null;
}

export interface ActiveSession {
  sessionId: string;
  lastActiveAt: Date;
  user: SessionUser;
}

/** A session unused this long is over, whatever its cookie says. */
export const SESSION_IDLE_LIMIT_MS = 90 * 24 * 3600 * 1000;

/** Sessions live in the database; the cookie holds a random token and the table only its hash. */
export function createSessionStore(db: Db, nextId: IdGenerator) {
  return {
    async create(userId: string, userAgent: string, ip: string): Promise<{ token: string; sessionId: string }> {
      const token = randomToken();
      const sessionId = nextId();
      await db
        .insertInto('sessions')
        .values({ id: sessionId, user_id: userId, token_hash: sha256(token), user_agent: userAgent.slice(0, 512), ip })
        .execute();
      return { token, sessionId };
    },

    async find(token: string): Promise<ActiveSession | null> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as session_id', 'sessions.last_active_at', 'users.id', 'users.username', 'users.full_name', 'users.profile_pic_key'])
        .where('sessions.token_hash', '=', sha256(token))
        .where('sessions.last_active_at', '>', new Date(Date.now() - SESSION_IDLE_LIMIT_MS))
        .executeTakeFirst();
      if (!row) return null;
      const { session_id, last_active_at, ...user } = row;
      return { sessionId: session_id, lastActiveAt: last_active_at, user };
    },

    async touch(sessionId: string, ip: string): Promise<void> {
      await db.updateTable('sessions').set({ last_active_at: new Date(), ip }).where('id', '=', sessionId).execute();
    },

    /** A user's sessions, newest first, keyset-paged on the id. */
    listForUser(userId: string, first: number, beforeId: string | null) {
      let q = db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_active_at'])
        .where('user_id', '=', userId)
        .where('last_active_at', '>', new Date(Date.now() - SESSION_IDLE_LIMIT_MS));
      if (beforeId) q = q.where('id', '<', beforeId);
      return q.orderBy('id', 'desc').limit(first + 1).execute();
    },

    /** Ends one of the user's own sessions; false when it is not theirs or already over. */
    async endForUser(userId: string, sessionId: string): Promise<boolean> {
      const res = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    async end(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
