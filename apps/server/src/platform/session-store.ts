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

/** How long a looked-up session is trusted without reading the database again. */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 20_000;

export type CachedSessionStore = SessionStore & {
  /** Drops every cached session of the user: their sessions, name or picture may have changed. */
  forgetUser(userId: string): void;
};

/**
 * Sessions looked up once, then served from memory for a few seconds: a feed scroll asks for its
 * session on every page, and each lookup is a database round trip. Whatever a user changes (a
 * logout, a password, their name) goes through a request of theirs that drops their entries, and
 * a password reset drops them too; another instance of the service trusts its copy for at most
 * SESSION_CACHE_MS.
 */
export function cachedSessionStore(store: SessionStore, ttlMs = SESSION_CACHE_MS): CachedSessionStore {
  const entries = new Map<string, { session: ActiveSession; until: number }>();
  const byUser = new Map<string, Set<string>>();
  const bySession = new Map<string, string>();
  // Bumped by every forget: a lookup that overlapped one may have read what was just ended.
  let forgets = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.session.user.id);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.session.user.id);
    bySession.delete(entry.session.sessionId);
  };
  return {
    ...store,
    async find(token) {
      const key = sha256(token);
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return hit.session;
      drop(key);
      const epoch = forgets;
      const session = await store.find(token);
      if (session && epoch === forgets) {
        if (entries.size >= SESSION_CACHE_MAX) drop(entries.keys().next().value!);
        entries.set(key, { session, until: Date.now() + ttlMs });
        const keys = byUser.get(session.user.id) ?? new Set<string>();
        keys.add(key);
        byUser.set(session.user.id, keys);
        bySession.set(session.sessionId, key);
      }
      return session;
    },
    async touch(sessionId, ip) {
      await store.touch(sessionId, ip);
      const key = bySession.get(sessionId);
      const entry = key === undefined ? undefined : entries.get(key);
      if (entry) entry.session.lastActiveAt = new Date();
    },
    forgetUser(userId) {
      forgets++;
      for (const key of [...(byUser.get(userId) ?? [])]) drop(key);
    },
  };
}
