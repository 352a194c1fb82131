import type { FastifyInstance } from 'fastify';
import { REPORT_LIMITS, type ReportingFlags } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Outbox } from '../../platform/outbox.js';
import { keyedLimit } from '../../platform/rate-limits.js';
import { serverKey } from '../../platform/server-keys.js';
import type { Access } from '../access/service.js';
import { createCommentsRepository } from '../comments/repository.js';
import { createDirectRepository } from '../direct/repository.js';
import type { FriendshipsService } from '../friendships/service.js';
import { createPostsRepository } from '../posts/repository.js';
import { createStoryReadsRepository } from '../stories/reads.repository.js';
import { createFlowContext } from './context.js';
import { createReportFlow } from './flow.js';
import { createProblemReports } from './problems.js';
import { createReportsRepository } from './repository.js';
import { registerReportRoutes } from './routes.js';
import { createReports, type Reports } from './service.js';
import { createReportTargets, type ReportTargets } from './targets.js';

export interface ReportsAreaDeps {
  db: Db;
  nextId: IdGenerator;
  access: Access;
  friendships: Pick<FriendshipsService, 'unfollow' | 'block'>;
  outbox: Pick<Outbox, 'send'>;
  flags: ReportingFlags;
  supportEmail?: string;
  /** A person's name, to offer "Block <username>". */
  username: (userId: string) => Promise<string | undefined>;
}

/** Reporting: the guided screens and their follow-ups, and the reports the moderators read. */
export async function registerReportsArea(app: FastifyInstance, deps: ReportsAreaDeps): Promise<{ reports: Reports; targets: ReportTargets }> {
  const { db, access } = deps;
  const repo = createReportsRepository(db);
  const posts = createPostsRepository(db);
  const comments = createCommentsRepository(db);
  const stories = createStoryReadsRepository(db);
  const direct = createDirectRepository(db);
  const targets = createReportTargets({
    visibleMediaOwner: async (viewerId, mediaId) => (await posts.findVisible(mediaId, viewerId))?.owner_id,
    comment: (commentId) => comments.find(commentId),
    storyOwner: async (storyId) => (await stories.story(storyId))?.owner_id,
    storyVisible: (viewerId, ownerId, storyId) => stories.replyable(viewerId, ownerId, storyId, new Date()),
    directItem: async (itemId) => (await direct.items([itemId]))[0],
    username: deps.username,
  }, access);

  const perHour = keyedLimit(app, 'report-hour', REPORT_LIMITS.hour);
  const perDay = keyedLimit(app, 'report-day', REPORT_LIMITS.day);
  const flow = createReportFlow({
    repo, targets, access, nextId: deps.nextId, flags: deps.flags,
    contexts: createFlowContext(await serverKey(db, 'report-context')),
    async paceFiling(reporterId) {
      for (const pace of [perHour, perDay]) {
        const { allowed, retryInMs } = await pace(reporterId);
        if (allowed) continue;
        const minutes = Math.max(1, Math.ceil(retryInMs / 60_000));
        throw new HttpError(429, `You're reporting too quickly. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { error_type: 'rate_limited' });
      }
    },
    unfollow: deps.friendships.unfollow,
    block: deps.friendships.block,
  });
  registerReportRoutes(app, flow, createProblemReports({ outbox: deps.outbox, supportEmail: deps.supportEmail, log: app.log }));
  return { reports: createReports(repo), targets };
}
