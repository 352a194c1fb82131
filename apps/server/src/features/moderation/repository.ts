import type { Role } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import type { StrikeAction } from '../../db/schema.js';
import { usersAs } from '../accounts/repository.js';

export interface StrikeRow {
  id: string;
  user_id: string;
  action: StrikeAction;
  rule: string;
  text: string;
  object_type: string | null;
  object_id: string | null;
  report_id: string | null;
  created_at: Date;
  appeal_text: string | null;
  appealed_at: Date | null;
  appeal_state: 'pending' | 'accepted' | 'rejected' | null;
  reversed_at: Date | null;
}

export interface ActionRow {
  id: string;
  moderator_id: string;
  action: string;
  target_user_id: string | null;
  report_id: string | null;
  object_type: string | null;
  object_id: string | null;
  text: string;
  created_at: Date;
}

export interface Standing {
  limited: boolean;
  suspended: boolean;
}

const STRIKE_COLUMNS = [
  'id', 'user_id', 'action', 'rule', 'text', 'object_type', 'object_id', 'report_id', 'created_at', 'appeal_text', 'appealed_at', 'appeal_state', 'reversed_at',
] as const;

/**
 * Every SQL statement of moderation: roles, standing, removals, strikes and the audit log. Writes
 * take the caller's transaction (`trx`), so an effect and its audit line commit together.
 */
export function createModerationRepository(db: Db) {
  return {
    transaction: <T>(work: (trx: Db) => Promise<T>): Promise<T> => db.transaction().execute(work),

    /**
     * What a session shows of its user, with the role and whether a moderator suspended them: one
     * statement, read on every session lookup that misses the cache.
     */
    sessionUser(id: string) {
      return db.selectFrom(usersAs('u'))
        .leftJoin('user_roles as r', 'r.user_id', 'u.id')
        .leftJoin('account_standing as st', 'st.user_id', 'u.id')
        .select(['u.id', 'u.username', 'u.full_name', 'u.profile_pic_key', 'r.role', 'st.suspended_at'])
        .where('u.id', '=', id)
        .executeTakeFirst();
    },

    async roleOf(userId: string): Promise<Role> {
      const row = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).executeTakeFirst();
      return row?.role ?? 'member';
    },

    async rolesOf(userIds: readonly string[]): Promise<Map<string, Role>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', [...userIds]).execute();
      return new Map(rows.map((r) => [r.user_id, r.role]));
    },

    /** A member holds no row. */
    async setRole(userId: string, role: Role): Promise<void> {
      if (role === 'member') {
        await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
        return;
      }
      await db.insertInto('user_roles').values({ user_id: userId, role })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ role })).execute();
    },

    async standingOf(userIds: readonly string[]): Promise<Map<string, Standing>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('account_standing').select(['user_id', 'limited_at', 'suspended_at']).where('user_id', 'in', [...userIds]).execute();
      return new Map(rows.map((r) => [r.user_id, { limited: r.limited_at !== null, suspended: r.suspended_at !== null }]));
    },

    async setLimited(trx: Db, userId: string, at: Date | null): Promise<void> {
      await trx.insertInto('account_standing').values({ user_id: userId, limited_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ limited_at: at })).execute();
    },

    /** Suspends (with the date its data may be deleted after) or lifts the suspension (nulls). */
    async setSuspended(trx: Db, userId: string, at: Date | null, purgeAfter: Date | null): Promise<void> {
      await trx.insertInto('account_standing').values({ user_id: userId, suspended_at: at, purge_after: purgeAfter })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ suspended_at: at, purge_after: purgeAfter })).execute();
    },

    async addRemoval(trx: Db, objectType: string, objectId: string, strikeId: string | null): Promise<void> {
      await trx.insertInto('moderation_removals').values({ object_type: objectType, object_id: objectId, strike_id: strikeId })
        .onConflict((oc) => oc.columns(['object_type', 'object_id']).doNothing()).execute();
    },

    async deleteRemoval(trx: Db, objectType: string, objectId: string): Promise<void> {
      await trx.deleteFrom('moderation_removals').where('object_type', '=', objectType).where('object_id', '=', objectId).execute();
    },

    /** Of these things, those removed, as `type:id` keys. */
    async removedAmong(things: readonly { object_type: string; object_id: string }[]): Promise<Set<string>> {
      if (things.length === 0) return new Set();
      const rows = await db.selectFrom('moderation_removals').select(['object_type', 'object_id'])
        .where((eb) => eb.or(things.map((t) => eb.and([eb('object_type', '=', t.object_type), eb('object_id', '=', t.object_id)]))))
        .execute();
      return new Set(rows.map((r) => `${r.object_type}:${r.object_id}`));
    },

    async insertStrike(trx: Db, row: Omit<StrikeRow, 'created_at' | 'appeal_text' | 'appealed_at' | 'appeal_state' | 'reversed_at'>): Promise<void> {
      await trx.insertInto('strikes').values(row).execute();
    },

    strike(id: string): Promise<StrikeRow | undefined> {
      return db.selectFrom('strikes').select(STRIKE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** An account's strikes, newest first (a person has few; the newest hundred are plenty). */
    strikesOf(userId: string): Promise<StrikeRow[]> {
      return db.selectFrom('strikes').select(STRIKE_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(100).execute();
    },

    async strikeCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('strikes').select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('user_id', 'in', [...userIds]).where('reversed_at', 'is', null).groupBy('user_id').execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },

    /** The appeal, once: false when the strike is not theirs or was appealed already. */
    async appeal(strikeId: string, userId: string, text: string): Promise<boolean> {
      const res = await db.updateTable('strikes').set({ appeal_text: text, appealed_at: new Date(), appeal_state: 'pending' })
        .where('id', '=', strikeId).where('user_id', '=', userId).where('appeal_state', 'is', null).where('reversed_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Decides a pending appeal; false when it was not pending (decided meanwhile). */
    async decideAppeal(trx: Db, strikeId: string, state: 'accepted' | 'rejected', moderatorId: string): Promise<boolean> {
      const now = new Date();
      const res = await trx.updateTable('strikes')
        .set({ appeal_state: state, decided_at: now, decided_by: moderatorId, ...(state === 'accepted' ? { reversed_at: now } : {}) })
        .where('id', '=', strikeId).where('appeal_state', '=', 'pending').executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Marks a strike undone (an unsuspend, an unlimit) without an appeal. */
    async reverse(trx: Db, strikeIds: readonly string[]): Promise<void> {
      if (strikeIds.length === 0) return;
      await trx.updateTable('strikes').set({ reversed_at: new Date() }).where('id', 'in', [...strikeIds]).where('reversed_at', 'is', null).execute();
    },

    /** The account's standing strikes of one action (to reverse them with the action undone). */
    async openStrikes(trx: Db, userId: string, action: StrikeAction): Promise<string[]> {
      const rows = await trx.selectFrom('strikes').select('id').where('user_id', '=', userId).where('action', '=', action).where('reversed_at', 'is', null).execute();
      return rows.map((r) => r.id);
    },

    /** Appeals, pending ones first then decided, each newest first, keyset on (pending, id). */
    async appeals(pending: boolean, maxId: string | null, limit: number): Promise<StrikeRow[]> {
      let q = db.selectFrom('strikes').select(STRIKE_COLUMNS);
      q = pending ? q.where('appeal_state', '=', 'pending') : q.where('appeal_state', 'is not', null).where('appeal_state', '<>', 'pending');
      if (maxId) q = q.where('id', '<', maxId);
      return q.orderBy('id', 'desc').limit(limit + 1).execute();
    },

    async logAction(trx: Db, row: ActionRow | Omit<ActionRow, 'created_at'>): Promise<void> {
      await trx.insertInto('moderation_actions').values({ ...row, created_at: undefined }).execute();
    },

    auditLog(maxId: string | null, limit: number): Promise<ActionRow[]> {
      let q = db.selectFrom('moderation_actions').selectAll();
      if (maxId) q = q.where('id', '<', maxId);
      return q.orderBy('id', 'desc').limit(limit + 1).execute();
    },

    /** The audit lines of a report, and of the thing it is about (earlier reports' actions too). */
    historyOf(reportId: string, objectType: string, objectId: string): Promise<ActionRow[]> {
      return db.selectFrom('moderation_actions').selectAll()
        .where((eb) => eb.or([eb('report_id', '=', reportId), eb.and([eb('object_type', '=', objectType), eb('object_id', '=', objectId)])]))
        .orderBy('id', 'desc').limit(100).execute();
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
