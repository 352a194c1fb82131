import type { Db } from '../../db/database.js';

/** The places (a device kind and a network) each account has logged in from. */
export function createLoginPlacesRepository(db: Db) {
  return {
    /** Whether the place is known, and whether the account knows any place at all. */
    async lookup(userId: string, place: { device: string; network: string }) {
      const rows = await db.selectFrom('login_places').select(['device', 'network']).where('user_id', '=', userId).limit(200).execute();
      return { known: rows.some((r) => r.device === place.device && r.network === place.network), any: rows.length > 0 };
    },

    async remember(userId: string, place: { device: string; network: string }): Promise<void> {
      await db.insertInto('login_places').values({ user_id: userId, ...place }).onConflict((oc) => oc.doNothing()).execute();
    },

    async forget(userId: string, place: { device: string; network: string }): Promise<void> {
      await db.deleteFrom('login_places').where('user_id', '=', userId).where('device', '=', place.device).where('network', '=', place.network).execute();
    },
  };
}
