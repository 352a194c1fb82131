import { refusalOf, refuse, type AccountNeed, type AccountView } from './refusals.js';
import type { RememberedVisibility } from './remembered-visibility.js';
import type { AccessRepository, Relationship, ThreadMemberRow } from './repository.js';

export type { AccountNeed, AccountView } from './refusals.js';

/** A reader of a direct thread: in it (active) or asked into it (pending, in their requests). */
export interface ThreadMember {
  state: 'active' | 'pending';
  isAdmin: boolean;
  isGroup: boolean;
}

/** Where the verdicts for logged-out visitors are remembered (they all see the same); no account has this id. */
const VISITORS = '-';

export interface AccountAccess {
  view: AccountView;
  rel: Relationship;
}

/**
 * The access module: the one place that decides who may see what. Reads follow hydrate, rules,
 * present: a list hydrates its rows, passes them through `keepVisible*` here, then presents them.
 */
export function createAccess(repo: AccessRepository, remembered?: RememberedVisibility) {
  async function account(viewerId: string | null, userId: string, known?: { is_private: boolean }): Promise<AccountAccess> {
    // Callers that already read the account pass it, saving a query.
    const [user, rel, gone] = await Promise.all([known ?? repo.account(userId), repo.relationship(viewerId, userId), repo.gone(userId)]);
    // A suspended, deactivated or deleted account is gone for everyone else, as if it did not exist.
    if (!user || rel.blocked_by || (gone && viewerId !== userId)) return { view: 'absent', rel };
    if (rel.blocking) return { view: 'blocked', rel };
    const visible = !user.is_private || viewerId === userId || rel.following;
    return { view: visible ? 'visible' : 'private', rel };
  }

  /**
   * Of these users, those who are not there for the viewer: a block stands between them, either
   * way, or they are gone (suspended, deactivated or being deleted: for everyone, logged out too).
   */
  async function blockedAmong(viewerId: string | null, userIds: Iterable<string>): Promise<Set<string>> {
    const ids = [...new Set(userIds)].filter((id) => id !== viewerId);
    if (ids.length === 0) return new Set();
    const [blocked, gone] = await Promise.all([viewerId ? repo.blockedAmong(viewerId, ids) : new Set<string>(), repo.goneAmong(ids)]);
    for (const id of gone) blocked.add(id);
    return blocked;
  }

  /**
   * The account and how the viewer stands with it, when it serves what the surface needs of it;
   * otherwise the access rules' answer for that surface (see refusals.ts).
   */
  async function requireAccount(viewerId: string | null, userId: string, need: AccountNeed, known?: { is_private: boolean }): Promise<AccountAccess> {
    const access = await account(viewerId, userId, known);
    const why = refusalOf([access.view], need);
    if (why) throw refuse(why);
    return access;
  }

  async function threadMembership(viewerId: string | null, threadId: string): Promise<(ThreadMember & { blocked: boolean }) | null> {
    if (!viewerId) return null;
    const row: ThreadMemberRow | undefined = await repo.threadMember(viewerId, threadId);
    if (!row || (row.state !== 'active' && row.state !== 'pending')) return null;
    return { state: row.state, isAdmin: row.is_admin, isGroup: row.is_group, blocked: row.blocked };
  }

  return {
    relationship: repo.relationship,
    account,
    blockedAmong,
    visibleMedia: repo.visibleMedia,
    followersAmong: repo.followersAmong,

    /** For each of these people, those among them a block stands between them and, either way (one read for a group). */
    async blockedWithin(userIds: Iterable<string>): Promise<Map<string, Set<string>>> {
      const ids = [...new Set(userIds)];
      const out = new Map(ids.map((id) => [id, new Set<string>()]));
      for (const b of await repo.blocksWithin(ids)) {
        out.get(b.blocker_id)!.add(b.blocked_id);
        out.get(b.blocked_id)!.add(b.blocker_id);
      }
      return out;
    },

    /**
     * Who may read a direct thread and its items: its active and pending members. Anyone else
     * (never in it, left, removed, logged out) gets null, and so do both people of a one-to-one
     * thread once a block stands between them: for each, the other is no longer there.
     */
    async threadMember(viewerId: string | null, threadId: string): Promise<ThreadMember | null> {
      const member = await threadMembership(viewerId, threadId);
      return member && !member.blocked ? member : null;
    },

    /** The same place, telling a block apart: a writer across one is refused, not told the thread is gone. */
    threadMembership,

    /** The viewer's place in a thread they may read; otherwise the 404 of a thread that does not exist. */
    async requireThreadReader(viewerId: string | null, threadId: string): Promise<ThreadMember> {
      const member = await threadMembership(viewerId, threadId);
      if (!member || member.blocked) throw refuse('thread_absent');
      return member;
    },

    /** The same for writing into it: 404 to anyone not in it, 403 across a block in a one-to-one thread. */
    async requireThreadWriter(viewerId: string | null, threadId: string): Promise<ThreadMember> {
      const member = await threadMembership(viewerId, threadId);
      if (!member) throw refuse('thread_absent');
      if (member.blocked) throw refuse('message_blocked');
      return member;
    },

    requireAccount,

    /**
     * The account, when the viewer may see its content; otherwise the one answer every surface
     * gives: 404 when it is absent for them, 403 when it is private or they blocked it.
     */
    requireContent: (viewerId: string | null, userId: string): Promise<AccountAccess> => requireAccount(viewerId, userId, 'content'),

    /** Each of these accounts serves the need, or the refusal of the first that does not, one that hides an account first. */
    async requireAccounts(viewerId: string | null, userIds: readonly string[], need: AccountNeed): Promise<void> {
      const views = await Promise.all(userIds.map(async (id) => (await account(viewerId, id)).view));
      const why = refusalOf(views, need);
      if (why) throw refuse(why);
    },

    /** The post, when the viewer may see it; otherwise the 404 of a post that does not exist. */
    async requireMedia(viewerId: string | null, mediaId: string): Promise<void> {
      if (!(await repo.visibleMedia(viewerId, [mediaId])).has(mediaId)) throw refuse('post_hidden');
    },

    /** The rules step of a list of people or of what people wrote: rows of users blocked either way, or gone, drop out. */
    async keepVisibleUsers<T>(viewerId: string | null, rows: T[], userIdsOf: (row: T) => string | string[]): Promise<T[]> {
      if (rows.length === 0) return rows;
      const blocked = await blockedAmong(viewerId, rows.flatMap(userIdsOf));
      if (blocked.size === 0) return rows;
      return rows.filter((row) => ![userIdsOf(row)].flat().some((id) => blocked.has(id)));
    },

    /**
     * Whether the viewer may still see every one of these posts: the rules step of an answer kept
     * ready, read again and again. Posts the rules let the viewer see are remembered until a write
     * of the viewer, of an owner or of a moderator (see remembered-visibility.ts).
     */
    async allStillVisible(viewerId: string | null, mediaIds: readonly string[]): Promise<boolean> {
      if (remembered?.allVisible(viewerId ?? VISITORS, mediaIds)) return true;
      const ticket = remembered?.ticket() ?? 0;
      const visible = await repo.visibleMediaOwners(viewerId, mediaIds);
      remembered?.remember(viewerId ?? VISITORS, ticket, visible);
      return visible.length === new Set(mediaIds).size;
    },

    /**
     * Whether every one of these people is still there for the viewer (no block either way, not
     * gone): the rules step of an answer of people kept ready (the story tray). Those who are
     * remembered until a write of the viewer, of that person or of a moderator.
     */
    async allStillThere(viewerId: string, userIds: readonly string[]): Promise<boolean> {
      if (remembered?.allThere(viewerId, userIds)) return true;
      const ticket = remembered?.ticket() ?? 0;
      const blocked = await blockedAmong(viewerId, userIds);
      remembered?.remember(viewerId, ticket, [], userIds.filter((id) => !blocked.has(id)));
      return blocked.size === 0;
    },

    /**
     * The rules step of a list of posts: only those the viewer may see. `remember`: the list is
     * an answer that will be kept ready, and `allStillVisible` asked of it again.
     */
    async keepVisibleMedia<T>(viewerId: string | null, rows: T[], mediaIdOf: (row: T) => string, opts: { remember?: boolean } = {}): Promise<T[]> {
      const ticket = remembered?.ticket() ?? 0;
      const found = await repo.visibleMediaOwners(viewerId, rows.map(mediaIdOf));
      if (opts.remember) remembered?.remember(viewerId ?? VISITORS, ticket, found);
      const visible = new Set(found.map((r) => r.id));
      return rows.filter((row) => visible.has(mediaIdOf(row)));
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
