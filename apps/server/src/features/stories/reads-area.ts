import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Storage } from '../../platform/storage.js';
import type { QueryHandlers } from '../../platform/web/queries.js';
import type { Access } from '../access/service.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { PlaceHit } from '../places/service.js';
import type { PreparedTrays } from './prepared-tray.js';
import { storyQueries } from './queries.js';
import { createStoryReads, type StoryReads } from './reads.js';
import { createStoryReadsRepository } from './reads.repository.js';
import { createReelSeen } from './seen.js';
import { createSeenRepository } from './seen.repository.js';
import { registerStorySeenRoutes } from './seen-routes.js';

export interface StoryReadsAreaDeps {
  db: Db;
  storage: Storage;
  access: Access;
  userSummaries: UserSummaries;
  places: (ids: readonly string[]) => Promise<PlaceHit[]>;
  preparedTrays?: PreparedTrays;
}

/** Reading stories: the tray, reels and viewer lists as persisted queries, and marking reels seen. */
export function registerStoryReads(app: FastifyInstance, deps: StoryReadsAreaDeps): { reads: StoryReads; queries: Partial<QueryHandlers> } {
  const repo = createStoryReadsRepository(deps.db);
  const reads = createStoryReads({ repo, userSummaries: deps.userSummaries, access: deps.access, places: deps.places, storage: deps.storage, prepared: deps.preparedTrays });
  registerStorySeenRoutes(app, createReelSeen(createSeenRepository(deps.db), repo));
  return { reads, queries: storyQueries(reads) };
}
