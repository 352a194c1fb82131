import type { Role } from '@shutter/contract';
import type { Db } from '../db/database.js';
import type { IdGenerator } from './ids.js';
import { createSessionRepository } from './session.repository.js';
import { randomToken, sha256 } from './tokens.js';

export interface SessionUser {
  id: string;
  username: string;
  full_name: string;
  profile_pic_key: string | null;
  /** member, moderator or admin (the moderation area tells it). */
  role?: Role;
}

export interface ActiveSession {
  sessionId: string;
  lastActiveAt: Date;
  user: SessionUser;
}

/** What a session shows of its user, from the accounts area (the app wires it in). */
type FindSessionUser = (userId: string) => Promise<SessionUser | undefined>;

/** Sessions live in the database; the cookie holds a random token and the table only its hash. */
export function createSessionStore(db: Db, nextId: IdGenerator, findUser: FindSessionUser) {
  const repo = createSessionRepository(db);
  return {
    /** `reactivated`: set by the departures' wrapper when this login brought a departed account back. */
    async create(userId: string, userAgent: string, ip: string): Promise<{ token: string; sessionId: string; reactivated?: boolean }> {
      const token = randomToken();
      const sessionId = nextId();
      await repo.insert({ id: sessionId, user_id: userId, token_hash: sha256(token), user_agent: userAgent.slice(0, 512), ip });
      return { token, sessionId };
    },

    async find(token: string): Promise<ActiveSession | null> {
      const session = await repo.findLive(sha256(token));
      const user = session && (await findUser(session.user_id));
      if (!session || !user) return null;
      return { sessionId: session.id, lastActiveAt: session.last_active_at, user };
    },

    touch: repo.touch,
    listForUser: repo.listForUser,
    endForUser: repo.endForUser,
    end: repo.end,
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
