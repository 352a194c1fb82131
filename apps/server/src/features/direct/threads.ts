import { DIRECT_GROUP_MAX_MEMBERS, DIRECT_INBOX_THREAD_MESSAGES, DIRECT_TITLE_MAX_LENGTH, type DirectItemResult, type DirectThreadResult } from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Access, ThreadMember } from '../access/service.js';
import { appendItem, readersOf } from './deliver.js';
import type { DirectHydrator } from './hydrate.js';
import type { DirectReads } from './reads.js';
import type { ItemPayload } from './present.js';
import { pairKeyOf, type DirectRepository, type DirectStatements, type ItemRow, type NewMember } from './repository.js';
import type { DirectSync, SyncBatch } from './sync.js';

export interface ThreadActionsDeps {
  repo: DirectRepository;
  sync: DirectSync;
  hydrator: DirectHydrator;
  access: Access;
  userSummaries: Pick<UserSummaries, 'many'>;
  nextId: IdGenerator;
  requireMember: (viewerId: string, threadId: string) => Promise<ThreadMember>;
  writer: (viewerId: string, threadId: string) => Promise<ThreadMember>;
  presentFor: (viewerId: string, item: ItemRow) => Promise<DirectItemResult>;
  reads: DirectReads;
  onItemRemoved: (item: { itemId: string; threadId: string; itemType: string; payload: ItemPayload | null }) => Promise<void>;
}

const notGroup = () => failWith(400, { code: 'direct_not_group' });
const notAdmin = () => failWith(403, { code: 'direct_not_admin' });
const namesOf = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/**
 * What members do to threads: start one, name a group, add and remove people, admins, mute,
 * hide, leave. Each is one transaction, told to the readers it concerns once it committed.
 */
export function createThreadActions(deps: ThreadActionsDeps) {
  const { repo, sync, access, userSummaries, nextId, requireMember } = deps;

  async function usernames(ids: string[]): Promise<Map<string, string>> {
    const people = await userSummaries.many(ids);
    return new Map([...people].map(([id, u]) => [id, u.username]));
  }

  /** An action line ("alice named the group Trip") in the transaction of the change it tells. */
  const logLine = (tx: DirectStatements, batch: SyncBatch, actorId: string, threadId: string, description: string) =>
    appendItem(tx, batch, nextId, actorId, threadId, { item_type: 'action_log', text: null, payload: { description }, media_id: null }, null);

  /**
   * The people one may put in a thread: existing accounts (404 otherwise), with no block either
   * way. Someone who blocked the viewer is told as a missing account is; someone the viewer
   * blocked is refused with 403.
   */
  async function checkPeople(viewerId: string, ids: string[]): Promise<Map<string, string>> {
    const names = await usernames(ids);
    if (ids.some((id) => !names.has(id))) throw failWith(404, { code: 'user_not_found' });
    const blocked = [...(await access.blockedAmong(viewerId, ids))];
    if (blocked.length) await access.requireAccounts(viewerId, blocked, 'message');
    return names;
  }

  /** New members join active when they follow the one who brings them in, else in their requests. */
  async function newMembers(byId: string, ids: string[]): Promise<NewMember[]> {
    const followers = await access.followersAmong(byId, ids);
    return ids.map((userId) => ({ userId, state: followers.has(userId) ? 'active' : 'pending', isAdmin: false }));
  }

  async function requireGroupAdmin(viewerId: string, threadId: string): Promise<ThreadMember> {
    const member = await requireMember(viewerId, threadId);
    if (!member.isGroup) throw notGroup();
    if (!member.isAdmin) throw notAdmin();
    return member;
  }

  /** A group keeps an admin: when the last one goes, its longest-standing member becomes one. */
  async function keepAnAdmin(tx: DirectStatements, threadId: string): Promise<void> {
    const members = (await tx.members([threadId])).filter((m) => m.state === 'active');
    if (members.length && !members.some((m) => m.is_admin)) await tx.setMember(threadId, [members[0]!.user_id], { is_admin: true });
  }

  const inboxThread = (viewerId: string, threadId: string): Promise<DirectThreadResult> => deps.reads.inboxThread(viewerId, threadId, DIRECT_INBOX_THREAD_MESSAGES);

  /** Changes the viewer's own settings of a thread, and tells only them. */
  async function ownSetting(viewerId: string, threadId: string, patch: { muted?: boolean; hidden?: boolean }): Promise<void> {
    await requireMember(viewerId, threadId);
    await sync.commit(async (tx, batch) => {
      await tx.setMember(threadId, [viewerId], patch);
      if (patch.hidden) batch.inboxThreadRemoved(threadId, [viewerId]);
      else batch.inboxThread(threadId, [viewerId]);
      batch.unseen([viewerId]);
    });
  }

  return {
    /**
     * create_group_thread (R-002-direct-api-9): with one person, their one-to-one thread with the
     * viewer (the existing one, or a new one); with several, a new group with the viewer as admin.
     */
    async createThread(creatorId: string, recipientIds: string[]): Promise<{ threadId: string; thread: DirectThreadResult }> {
      const ids = [...new Set(recipientIds)].filter((id) => id !== creatorId);
      if (ids.length === 0) throw failWith(400, { code: 'direct_recipients_invalid' });
      if (ids.length + 1 > DIRECT_GROUP_MAX_MEMBERS) throw failWith(400, { code: 'direct_group_full', params: { max: DIRECT_GROUP_MAX_MEMBERS } });
      await checkPeople(creatorId, ids);
      const others = await newMembers(creatorId, ids);
      const members: NewMember[] = [{ userId: creatorId, state: 'active', isAdmin: ids.length > 1 }, ...others];
      const at = new Date();
      let threadId: string;
      if (ids.length === 1) {
        const pairKey = pairKeyOf(creatorId, ids[0]!);
        const existing = await repo.pairThread(pairKey);
        if (existing) {
          threadId = existing;
          // Asked for again: back in the creator's inbox if they had hidden it.
          const own = await repo.member(existing, creatorId);
          if (own?.hidden) await sync.commit(async (tx, batch) => { await tx.setMember(existing, [creatorId], { hidden: false }); batch.inboxThread(existing, [creatorId]); });
        } else {
          const id = nextId();
          // An empty one-to-one thread is only the creator's until its first message: nothing to tell.
          const created = await repo.insertThread({ id, isGroup: false, title: null, creatorId, pairKey, at }, members);
          threadId = created ? id : (await repo.pairThread(pairKey))!;
        }
      } else {
        threadId = nextId();
        const id = threadId;
        await sync.commit(async (tx, batch) => {
          await tx.insertThread({ id, isGroup: true, title: null, creatorId, pairKey: null, at }, members);
          batch.inboxThread(id, members.map((m) => m.userId));
          batch.unseen(members.map((m) => m.userId));
        });
      }
      return { threadId, thread: await inboxThread(creatorId, threadId) };
    },

    /**
     * add_user (R-002-direct-api-10): people join a group; when it requires approval and the one
     * adding them is no admin, they wait for an admin instead (R-002-direct-21).
     */
    async addUsers(viewerId: string, threadId: string, userIds: string[]): Promise<DirectThreadResult> {
      const member = await deps.writer(viewerId, threadId);
      if (!member.isGroup) throw notGroup();
      const current = await repo.members([threadId]);
      const inThread = new Set(readersOf(current));
      const ids = [...new Set(userIds)].filter((id) => !inThread.has(id));
      if (ids.length === 0) return inboxThread(viewerId, threadId);
      if (inThread.size + ids.length > DIRECT_GROUP_MAX_MEMBERS) throw failWith(400, { code: 'direct_group_full', params: { max: DIRECT_GROUP_MAX_MEMBERS } });
      const names = await checkPeople(viewerId, ids);
      const thread = await repo.thread(threadId);
      if (thread?.approval_required && !member.isAdmin) {
        const admins = current.filter((m) => m.is_admin && m.state === 'active').map((m) => m.user_id);
        await sync.commit(async (tx, batch) => {
          await tx.addJoinRequests(threadId, ids, viewerId);
          batch.inboxThread(threadId, admins);
        });
        return inboxThread(viewerId, threadId);
      }
      const joining = await newMembers(viewerId, ids);
      const adder = (await usernames([viewerId])).get(viewerId) ?? '';
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.upsertMembers(threadId, joining, new Date());
        await tx.removeJoinRequests(threadId, ids);
        await logLine(tx, batch, viewerId, threadId, `${adder} added ${namesOf(ids.map((id) => names.get(id)!))}`);
      });
      return inboxThread(viewerId, threadId);
    },

    /** update_title (R-002-direct-api-10): a group's name, told by an action line; empty clears it. */
    async updateTitle(viewerId: string, threadId: string, rawTitle: string): Promise<DirectThreadResult> {
      const member = await deps.writer(viewerId, threadId);
      if (!member.isGroup) throw notGroup();
      const title = rawTitle.trim();
      if ([...title].length > DIRECT_TITLE_MAX_LENGTH) throw failWith(400, { code: 'direct_title_long', params: { max: DIRECT_TITLE_MAX_LENGTH } });
      const name = (await usernames([viewerId])).get(viewerId) ?? '';
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.setThread(threadId, { title: title === '' ? null : title });
        await logLine(tx, batch, viewerId, threadId, title === '' ? `${name} removed the group name` : `${name} named the group ${title}`);
      });
      return inboxThread(viewerId, threadId);
    },

    mute: (viewerId: string, threadId: string) => ownSetting(viewerId, threadId, { muted: true }),
    unmute: (viewerId: string, threadId: string) => ownSetting(viewerId, threadId, { muted: false }),
    /** Out of the inbox until its next message (R-002-direct-api-11). */
    hide: (viewerId: string, threadId: string) => ownSetting(viewerId, threadId, { hidden: true }),

    /**
     * leave (R-002-direct-api-11): out of a group, told by an action line; the last admin leaving
     * hands the group to its longest-standing member. A one-to-one thread cannot be left: it is hidden.
     */
    async leave(viewerId: string, threadId: string): Promise<void> {
      const member = await requireMember(viewerId, threadId);
      if (!member.isGroup) return ownSetting(viewerId, threadId, { hidden: true });
      const name = (await usernames([viewerId])).get(viewerId) ?? '';
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.setMember(threadId, [viewerId], { state: 'left', is_admin: false });
        await keepAnAdmin(tx, threadId);
        await logLine(tx, batch, viewerId, threadId, `${name} left the group`);
        batch.inboxThreadRemoved(threadId, [viewerId]);
        batch.unseen([viewerId]);
      });
    },

    /** Admins make other members admins (R-002-direct-20). */
    async addAdmins(viewerId: string, threadId: string, userIds: string[]): Promise<DirectThreadResult> {
      await requireGroupAdmin(viewerId, threadId);
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        const members = await tx.members([threadId]);
        const ids = members.filter((m) => m.state === 'active' && userIds.includes(m.user_id)).map((m) => m.user_id);
        await tx.setMember(threadId, ids, { is_admin: true });
        batch.inboxThread(threadId, readersOf(members));
      });
      return inboxThread(viewerId, threadId);
    },

    async removeAdmins(viewerId: string, threadId: string, userIds: string[]): Promise<DirectThreadResult> {
      await requireGroupAdmin(viewerId, threadId);
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.setMember(threadId, userIds, { is_admin: false });
        await keepAnAdmin(tx, threadId);
        batch.inboxThread(threadId, readersOf(await tx.members([threadId])));
      });
      return inboxThread(viewerId, threadId);
    },

    /** Admins remove people from a group (R-002-direct-20), told by an action line. */
    async removeUsers(viewerId: string, threadId: string, userIds: string[]): Promise<DirectThreadResult> {
      await requireGroupAdmin(viewerId, threadId);
      const members = await repo.members([threadId]);
      const ids = readersOf(members).filter((id) => id !== viewerId && userIds.includes(id));
      if (ids.length === 0) return inboxThread(viewerId, threadId);
      const names = await usernames([viewerId, ...ids]);
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.setMember(threadId, ids, { state: 'removed', is_admin: false });
        await logLine(tx, batch, viewerId, threadId, `${names.get(viewerId)} removed ${namesOf(ids.map((id) => names.get(id) ?? ''))}`);
        batch.inboxThreadRemoved(threadId, ids);
        batch.unseen(ids);
      });
      return inboxThread(viewerId, threadId);
    },

    /** Admins decide whether people added by others wait for their approval (R-002-direct-21). */
    async setApprovalRequired(viewerId: string, threadId: string, enabled: boolean): Promise<DirectThreadResult> {
      await requireGroupAdmin(viewerId, threadId);
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.setThread(threadId, { approval_required: enabled });
        batch.inboxThread(threadId, readersOf(await tx.members([threadId])));
      });
      return inboxThread(viewerId, threadId);
    },

    /** Admins let in people waiting to join (R-002-direct-21); others' requests stay. */
    async approveJoinRequests(viewerId: string, threadId: string, userIds: string[]): Promise<DirectThreadResult> {
      await requireGroupAdmin(viewerId, threadId);
      const waiting = new Set((await repo.joinRequests([threadId])).map((r) => r.user_id));
      const ids = [...new Set(userIds)].filter((id) => waiting.has(id));
      if (ids.length === 0) return inboxThread(viewerId, threadId);
      const inThread = readersOf(await repo.members([threadId]));
      if (inThread.length + ids.length > DIRECT_GROUP_MAX_MEMBERS) throw failWith(400, { code: 'direct_group_full', params: { max: DIRECT_GROUP_MAX_MEMBERS } });
      const names = await checkPeople(viewerId, ids);
      const joining = await newMembers(viewerId, ids);
      const admin = (await usernames([viewerId])).get(viewerId) ?? '';
      await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        await tx.upsertMembers(threadId, joining, new Date());
        await tx.removeJoinRequests(threadId, ids);
        await logLine(tx, batch, viewerId, threadId, `${admin} added ${namesOf(ids.map((id) => names.get(id)!))}`);
      });
      return inboxThread(viewerId, threadId);
    },
  };
}
