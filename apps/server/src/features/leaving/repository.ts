import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DataExportState, DepartureState } from '../../db/schema.js';

/** Every SQL statement of the tables this area owns: departures and data archives. */
export function createLeavingRepository(db: Db) {
  return {
    departure(trx: Db, userId: string) {
      return trx.selectFrom('account_departures').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    },

    /** Records or updates the departure; answers whether the account was there until now. */
    async depart(trx: Db, userId: string, state: DepartureState, purgeAfter: Date | null, reason: string): Promise<boolean> {
      const res = await trx.insertInto('account_departures').values({ user_id: userId, state, purge_after: purgeAfter, reason })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ state, purge_after: purgeAfter, reason }))
        .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
        .executeTakeFirstOrThrow();
      return res.inserted;
    },

    /** Ends the departure; answers whether there was one. */
    async comeBack(trx: Db, userId: string): Promise<boolean> {
      const res = await trx.deleteFrom('account_departures').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Deletions whose time has come, oldest first (purging one twice is harmless). */
    due(trx: Db, now: Date, limit: number) {
      return trx.selectFrom('account_departures').select('user_id')
        .where('state', '=', 'deleting').where('purge_after', '<=', now)
        .orderBy('purge_after').limit(limit).execute();
    },

    async startExport(id: string, userId: string): Promise<void> {
      await db.insertInto('data_exports').values({ id, user_id: userId, state: 'preparing' }).execute();
    },

    latestExport(userId: string) {
      return db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    exportById(id: string) {
      return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    exportByToken(tokenHash: string) {
      return db.selectFrom('data_exports').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async exportReady(id: string, fileKey: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.updateTable('data_exports').set({ state: 'ready', file_key: fileKey, token_hash: tokenHash, ready_at: new Date(), expires_at: expiresAt }).where('id', '=', id).execute();
    },

    async exportFailed(id: string): Promise<void> {
      await db.updateTable('data_exports').set({ state: 'failed' }).where('id', '=', id).execute();
    },

    /** Marks a ready archive fetched, once: false when someone (the same link twice) was first. */
    async takeExport(id: string): Promise<boolean> {
      const res = await db.updateTable('data_exports').set({ state: 'downloaded' as DataExportState }).where('id', '=', id).where('state', '=', 'ready').executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Archives past their time whose files are still stored. */
    staleExports(now: Date) {
      return db.selectFrom('data_exports').select(['id', 'file_key']).where('file_key', 'is not', null)
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('state', '=', 'downloaded')])).limit(100).execute();
    },

    async forgetFile(id: string): Promise<void> {
      await db.updateTable('data_exports').set({ file_key: null }).where('id', '=', id).execute();
    },
  };
}
export type LeavingRepository = ReturnType<typeof createLeavingRepository>;
