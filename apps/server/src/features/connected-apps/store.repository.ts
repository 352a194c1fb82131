import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What the authorization server keeps of one record (a code, grant, token, interaction, session). */
export type StoredPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  clientId?: string;
  consumed?: number;
};

/**
 * Every SQL statement of `oauth_store`: the authorization server's records by model kind and id,
 * with the fields it looks them up by copied into columns. A record past its expiry is gone for
 * every reader, whether or not the sweep has deleted it yet.
 */
export function createStoreRepository(db: Db) {
  const live = (kind: string) => db.selectFrom('oauth_store').select(['payload', 'consumed_at'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]));
  const withConsumed = (row: { payload: Record<string, unknown>; consumed_at: Date | null } | undefined) =>
    row && (row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload);

  return {
    async upsert(kind: string, id: string, payload: StoredPayload, expiresInS: number | undefined): Promise<void> {
      const columns = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        account_id: payload.accountId ?? null,
        client_id: payload.clientId ?? null,
        expires_at: expiresInS ? new Date(Date.now() + expiresInS * 1000) : null,
      };
      await db.insertInto('oauth_store').values({ kind, id, ...columns })
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(columns))
        .execute();
    },
    async find(kind: string, id: string) {
      return withConsumed(await live(kind).where('id', '=', id).executeTakeFirst());
    },
    async findByUid(kind: string, uid: string) {
      return withConsumed(await live(kind).where('uid', '=', uid).executeTakeFirst());
    },
    async findByUserCode(kind: string, userCode: string) {
      return withConsumed(await live(kind).where('user_code', '=', userCode).executeTakeFirst());
    },
    async consume(kind: string, id: string): Promise<void> {
      await db.updateTable('oauth_store').set({ consumed_at: sql<Date>`now()` }).where('kind', '=', kind).where('id', '=', id).execute();
    },
    async destroy(kind: string, id: string): Promise<void> {
      await db.deleteFrom('oauth_store').where('kind', '=', kind).where('id', '=', id).execute();
    },
    async revokeByGrantId(kind: string, grantId: string): Promise<void> {
      await db.deleteFrom('oauth_store').where('kind', '=', kind).where('grant_id', '=', grantId).execute();
    },

    /** A live access token: whose, for which app, with what scope and audience. */
    async accessToken(token: string) {
      const payload = await this.find('AccessToken', token);
      return payload as (StoredPayload & { scope?: string; aud?: string | string[] }) | undefined;
    },

    /** Ends everything a person gave an app: its grants, codes and tokens (inside the caller's transaction). */
    async revokeApp(trx: Db, accountId: string, clientId: string): Promise<void> {
      const grants = trx.selectFrom('oauth_store').select('id').where('kind', '=', 'Grant').where('account_id', '=', accountId).where('client_id', '=', clientId);
      await trx.deleteFrom('oauth_store').where((eb) => eb.or([
        eb('grant_id', 'in', grants),
        eb.and([eb('account_id', '=', accountId), eb('client_id', '=', clientId)]),
      ])).execute();
    },

    async sweep(): Promise<void> {
      await db.deleteFrom('oauth_store').where('expires_at', '<', sql<Date>`now()`).execute();
    },
  };
}
export type StoreRepository = ReturnType<typeof createStoreRepository>;
