import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import { runEvery } from '../../platform/queue.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Activity } from '../activity/service.js';
import type { Places } from '../places/service.js';
import type { Uploads } from '../posts/uploads.js';
import { createStoryPublished, type PreparedTrays } from './prepared-tray.js';
import { createStoryPurge, STORY_PURGE_EVERY_MS } from './purge.js';
import { createStoriesRepository } from './repository.js';
import { registerStoryRoutes } from './routes.js';
import { createStories, type Stories } from './service.js';

export interface StoriesAreaDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  access: Access;
  places: Places;
  activity: Activity;
  userSummaries: UserSummaries;
  uploads: Uploads;
  runWorkers: boolean;
  preparedTrays?: PreparedTrays;
}

/**
 * Stories, put together: posting an upload as a story (a video's story finishes with its
 * encoding), deleting one, and the purge of stories past the archive's keep.
 */
export function registerStoriesArea(app: FastifyInstance, deps: StoriesAreaDeps): { stories: Stories; purgeExpired: (now?: number) => Promise<number> } {
  const repo = createStoriesRepository(deps.db);
  const stories = createStories({
    repo, uploads: deps.uploads, storage: deps.storage, nextId: deps.nextId, access: deps.access, places: deps.places,
    activity: deps.activity, userSummaries: deps.userSummaries,
    published: deps.preparedTrays && createStoryPublished(deps.preparedTrays, repo.followerIds),
  });
  deps.uploads.onEncoded(stories.uploadEncoded);
  const purgeExpired = createStoryPurge(repo, deps.storage);
  if (deps.runWorkers) runEvery(app, STORY_PURGE_EVERY_MS, 'purge of expired stories', purgeExpired);
  registerStoryRoutes(app, stories);
  return { stories, purgeExpired };
}
