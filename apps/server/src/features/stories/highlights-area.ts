import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import { createArchive } from './archive.js';
import { createArchiveRepository } from './archive.repository.js';
import { registerArchiveRoutes } from './archive-routes.js';
import { createCloseFriends } from './close-friends.js';
import { createCloseFriendsRepository } from './close-friends.repository.js';
import { registerCloseFriendsRoutes } from './close-friends-routes.js';
import { createHighlights } from './highlights.js';
import { createHighlightsRepository } from './highlights.repository.js';
import type { PreparedTrays } from './prepared-tray.js';
import { registerHighlightRoutes } from './highlight-routes.js';

export interface HighlightsAreaDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  access: Access;
  userSummaries: UserSummaries;
  placeNames: (ids: readonly string[]) => Promise<Map<string, { id: string; name: string }>>;
  preparedTrays?: Pick<PreparedTrays, 'viewersChanged'>;
}

/** What an owner keeps of their stories and who sees the close friends' ones: the archive, highlights, close friends. */
export function registerHighlightsArea(app: FastifyInstance, deps: HighlightsAreaDeps) {
  const { db, storage, access } = deps;
  const highlightsRepo = createHighlightsRepository(db);
  const highlights = createHighlights({ repo: highlightsRepo, access, storage, nextId: deps.nextId });
  const archive = createArchive({ repo: createArchiveRepository(db), highlights: highlightsRepo, userSummaries: deps.userSummaries, access, placeNames: deps.placeNames, storage });
  const trays = deps.preparedTrays;
  const closeFriends = createCloseFriends({ repo: createCloseFriendsRepository(db), access, storage, addedTo: trays && ((ids) => trays.viewersChanged(...ids)) });
  registerArchiveRoutes(app, archive);
  registerHighlightRoutes(app, highlights);
  registerCloseFriendsRoutes(app, closeFriends);
  return { highlights, archive, closeFriends };
}
