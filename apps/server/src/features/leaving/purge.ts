import type { Db } from '../../db/database.js';
import type { Storage } from '../../platform/storage.js';
import { createAccountsLeavingRepository } from '../accounts/leaving.repository.js';
import { createDirectLeavingRepository } from '../direct/leaving.repository.js';
import { followEdges } from '../friendships/leaving.repository.js';
import { createPostsLeavingRepository } from '../posts/leaving.repository.js';
import { createStoriesLeavingRepository } from '../stories/leaving.repository.js';
import { createLeavingRepository } from './repository.js';

/** Posts deleted per transaction: a person with thousands of them holds no lock for long. */
const POSTS_PER_BATCH = 50;
/** Deletions purged per run; the next run takes the rest. */
const ACCOUNTS_PER_RUN = 20;

/**
 * The end of a deletion: everything the account made, and its files in storage (every variant,
 * video, poster and frame), then the account row, whose deletion takes along all that is keyed to
 * it (comments, likes, follows, stories, highlights, messages, sessions, search history, settings,
 * contacts) and frees the username. Safe to run again after a failure anywhere: files are removed
 * before the rows that name them, and a file already gone is no error.
 */
export function createPurge(db: Db, storage: Pick<Storage, 'remove'>) {
  const repo = createLeavingRepository(db);
  const posts = createPostsLeavingRepository(db);
  const stories = createStoriesLeavingRepository(db);
  const direct = createDirectLeavingRepository(db);
  const accounts = createAccountsLeavingRepository(db);

  const removeAll = async (keys: Iterable<string>) => {
    for (const key of new Set(keys)) await storage.remove(key);
  };

  const stillLeaving = async (trx: Db, userId: string) => (await repo.departure(trx, userId))?.state === 'deleting';

  async function purgeAccount(userId: string): Promise<boolean> {
    if (!(await stillLeaving(db, userId))) return false;
    for (;;) {
      const batch = await posts.purgePosts(userId, POSTS_PER_BATCH);
      await removeAll(batch.files);
      if (batch.removed < POSTS_PER_BATCH) break;
    }
    const own = await stories.storiesOf(userId);
    await removeAll(own.flatMap((s) => [...s.variants.map((v) => v.key), s.video_key, s.poster_key]).filter((k): k is string => !!k && !k.startsWith('pending:')));
    await removeAll(await direct.photoFilesOf(userId));
    const profile = await accounts.profile(userId);
    if (profile?.profile_pic_key) await removeAll([profile.profile_pic_key]);
    await removeAll(await posts.purgeUploads(userId));
    return db.transaction().execute(async (trx) => {
      // Its follows were taken out of others' counts when it left; deleting them takes them out
      // again (the database keeps those counts), so they are put back first.
      if (!(await stillLeaving(trx, userId))) return false;
      await accounts.shiftFollowCounts(trx, await followEdges(trx, userId), 1);
      return accounts.remove(trx, userId);
    });
  }

  return {
    purgeAccount,

    /** Purges the deletions whose time has come; answers how many accounts went. */
    async purgeDue(now = new Date()): Promise<number> {
      let purged = 0;
      for (;;) {
        const due = await repo.due(db, now, ACCOUNTS_PER_RUN);
        for (const { user_id } of due) if (await purgeAccount(user_id)) purged++;
        if (due.length < ACCOUNTS_PER_RUN) return purged;
      }
    },
  };
}
