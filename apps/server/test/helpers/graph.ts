import type { Db } from '../../src/db/database.js';
import { postTagWriter } from '../../src/features/hashtags/post-tags.repository.js';
import { createIdGenerator } from '../../src/platform/ids.js';

const nextId = createIdGenerator(4095);

/** Makes `follower` follow `followee` directly in the database (the follow API is the profiles area's). */
export async function follow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.insertInto('follows').values({ follower_id: followerId, followee_id: followeeId, id: nextId() }).onConflict((oc) => oc.doNothing()).execute();
}

/** As the privacy switch does it: its posts leave their hashtags' public counts in the same commit. */
export async function makePrivate(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ is_private: true }).where('id', '=', userId).execute();
    await postTagWriter.refreshOwner(trx, userId);
  });
}
