import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Activity } from '../activity/service.js';
import type { PostSummaries } from '../posts/summaries.js';
import type { Reports } from '../reports/service.js';
import type { AppealTokens } from './appeal-token.js';
import { createAppeals } from './appeals.js';
import { createModerationPresenter } from './present.js';
import { createModerationRepository } from './repository.js';
import { registerModerationRoutes } from './routes.js';
import { createModeration } from './service.js';
import { registerStrikeRoutes } from './strikes-routes.js';
import { createThings } from './things.js';

export interface ModerationAreaDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  reports: Reports;
  activity: Pick<Activity, 'notify'>;
  userSummaries: UserSummaries;
  postSummaries: Pick<PostSummaries, 'forget'>;
  appealTokens: AppealTokens;
  /** Drops a suspended person's cached sessions. */
  forgetSessions: (userId: string) => void;
}

/** Moderation: the admin API and the owners' strikes and appeals. */
export function registerModerationArea(app: FastifyInstance, deps: ModerationAreaDeps) {
  const { db, nextId, storage, reports, activity } = deps;
  const repo = createModerationRepository(db);
  const things = createThings(db, repo, storage, deps.userSummaries);
  const present = createModerationPresenter(repo, deps.userSummaries, things, storage);
  const postsChanged = async (...ids: string[]) => { await deps.postSummaries.forget(...ids); };
  const moderation = createModeration({ repo, present, things, reports, activity, nextId, forgetSessions: deps.forgetSessions, postsChanged });
  const appeals = createAppeals({ repo, present, things, tokens: deps.appealTokens, activity, nextId, postsChanged });
  registerModerationRoutes(app, moderation, appeals);
  registerStrikeRoutes(app, appeals);
  return { moderation, appeals };
}
