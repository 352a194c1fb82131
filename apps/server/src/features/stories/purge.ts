import { STORY_ARCHIVE_KEEP_MS } from '@shutter/contract';
import type { Storage } from '../../platform/storage.js';
import type { StoriesRepository } from './repository.js';

const PURGE_BATCH = 100;
/** How often stories past the archive's keep are looked for. */
export const STORY_PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes stories that expired more than STORY_ARCHIVE_KEEP_MS before `now` and that no
 * highlight keeps, with their files, a batch at a time; answers how many.
 */
export function createStoryPurge(repo: Pick<StoriesRepository, 'takeExpired'>, storage: Pick<Storage, 'remove'>) {
  return async function purgeExpired(now = Date.now()): Promise<number> {
    const before = new Date(now - STORY_ARCHIVE_KEEP_MS);
    let purged = 0;
    for (;;) {
      const batch = await repo.takeExpired(before, PURGE_BATCH);
      // The rows are gone (committed); a file that fails to go is only garbage.
      await Promise.allSettled(batch.files.map((key) => storage.remove(key)));
      purged += batch.purged;
      if (batch.purged < PURGE_BATCH) return purged;
    }
  };
}
