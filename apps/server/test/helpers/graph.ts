import type { Db } from '../../src/db/database.js';
import { createIdGenerator } from '../../src/platform/ids.js';

const nextId = createIdGenerator(4095);

/** Makes `follower` follow `followee` directly in the database (the follow API is the profiles area's). */
export async function follow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.insertInto('follows').values({ follower_id: followerId, followee_id: followeeId, id: nextId() }).onConflict((oc) => oc.doNothing()).execute();
}

export async function makePrivate(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ is_private: true }).where('id', '=', userId).execute();
}
