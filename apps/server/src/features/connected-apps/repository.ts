import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface NewApp {
  clientId: string;
  id: string;
  name: string;
  website: string | null;
  description: string;
  redirectUris: string[];
  scopes: string;
  ownerId: string | null;
}

/** Every SQL statement of registered apps, people's authorizations of them, and tester invitations. */
export function createAppsRepository(db: Db) {
  return {
    async insertApp(app: NewApp): Promise<void> {
      await db.insertInto('oauth_apps').values({
        client_id: app.clientId, id: app.id, name: app.name, website: app.website, description: app.description,
        redirect_uris: app.redirectUris, scopes: app.scopes, owner_id: app.ownerId,
      }).execute();
    },
    async app(clientId: string) {
      return db.selectFrom('oauth_apps').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },

    /** The person authorized the app (again): active from now until `expiresAt`. */
    async authorize(userId: string, clientId: string, scopes: string, expiresAt: Date): Promise<void> {
      const now = new Date();
      await db.insertInto('oauth_authorizations')
        .values({ user_id: userId, client_id: clientId, scopes, authorized_at: now, expires_at: expiresAt, removed_at: null })
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ scopes, authorized_at: now, expires_at: expiresAt, removed_at: null }))
        .execute();
    },
    /** Marks the authorization removed; false when the person has none that is active. */
    async markRemoved(trx: Db, userId: string, clientId: string): Promise<boolean> {
      const result = await trx.updateTable('oauth_authorizations').set({ removed_at: sql<Date>`now()` })
        .where('user_id', '=', userId).where('client_id', '=', clientId).where('removed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async authorizations(userId: string) {
      return db.selectFrom('oauth_authorizations as a')
        .innerJoin('oauth_apps as p', 'p.client_id', 'a.client_id')
        .select(['a.client_id', 'a.scopes', 'a.authorized_at', 'a.expires_at', 'a.removed_at', 'p.name', 'p.description', 'p.website'])
        .where('a.user_id', '=', userId)
        .orderBy('a.authorized_at', 'desc')
        .limit(200)
        .execute();
    },

    /** Invites a tester; inviting again leaves the first invitation (and its answer) as it was. */
    async invite(clientId: string, userId: string): Promise<void> {
      await db.insertInto('oauth_invites').values({ client_id: clientId, user_id: userId })
        .onConflict((oc) => oc.columns(['client_id', 'user_id']).doNothing()).execute();
    },
    async invites(userId: string) {
      return db.selectFrom('oauth_invites as i')
        .innerJoin('oauth_apps as p', 'p.client_id', 'i.client_id')
        .select(['i.client_id', 'i.accepted_at', 'p.name'])
        .where('i.user_id', '=', userId)
        .orderBy('i.created_at', 'desc')
        .limit(200)
        .execute();
    },
    /** Accepts a pending invitation; undefined when there is none. An accepted one keeps its time. */
    async acceptInvite(clientId: string, userId: string): Promise<Date | undefined> {
      const row = await db.updateTable('oauth_invites')
        .set({ accepted_at: sql<Date>`coalesce(accepted_at, now())` })
        .where('client_id', '=', clientId).where('user_id', '=', userId)
        .returning('accepted_at').executeTakeFirst();
      return row?.accepted_at ?? undefined;
    },
    async declineInvite(clientId: string, userId: string): Promise<boolean> {
      const result = await db.deleteFrom('oauth_invites').where('client_id', '=', clientId).where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type AppsRepository = ReturnType<typeof createAppsRepository>;
