import type { FastifyInstance } from 'fastify';
import { DIRECT_SEND_LIMIT } from '@shutter/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import { runEvery } from '../../platform/queue.js';
import { keyedLimit } from '../../platform/rate-limits.js';
import type { Realtime } from '../../platform/realtime/index.js';
import type { SyncPublisher } from '../../platform/realtime/types.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import { createUserSearch } from '../accounts/user-search.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { AccountsRepository } from '../accounts/repository.js';
import { createFriendshipsRepository } from '../friendships/repository.js';
import type { PostSummaries } from '../posts/summaries.js';
import type { StoryRings } from '../stories/rings.js';
import { createStoryReadsRepository } from '../stories/reads.repository.js';
import { createBroadcast } from './broadcast.js';
import { createBroadcastRepository } from './broadcast.repository.js';
import { registerDirectBroadcastRoutes } from './broadcast-routes.js';
import { createDirectChannel } from './channel.js';
import { createDirectPhotos, DIRECT_UPLOAD_PURGE_EVERY_MS } from './direct-photo.js';
import { createLinkContexts } from './link-context.js';
import { createPresence } from './presence.js';
import { createRecipients } from './recipients.js';
import { DIRECT_SEND_PACE, registerDirectRoutes } from './routes.js';
import { createDirect, type Direct } from './service.js';
import type { PreparedInbox } from './prepared-inbox.js';
import type { InteractionRules } from '../settings/rules.js';

export interface DirectAreaDeps {
  config: Pick<Config, 'direct' | 'publicUrl'>;
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  access: Access;
  users: AccountsRepository;
  userSummaries: UserSummaries;
  postSummaries: PostSummaries;
  realtime: Realtime;
  /** Where changes are told instead of the channel (tests record them). */
  publisher?: SyncPublisher;
  runWorkers: boolean;
  spoolDir: string;
  rings: Pick<StoryRings, 'attach'>;
  /** People's settings: hidden activity status, stories not to be shared. */
  rules?: Pick<InteractionRules, 'presenceHidden' | 'storySharing'>;
  /** Each viewer's first inbox page kept ready. */
  preparedInbox?: PreparedInbox;
  /** No other process writes to this database (the embedded one). */
  soleWriter?: boolean;
}

/**
 * Direct messages, put together: threads and their changes told over the real-time channel, what
 * people send on the channel, photos, links, story replies, recipients and presence. Turned off,
 * its API is not there (404) and the channel answers no send.
 */
export function registerDirectArea(app: FastifyInstance, deps: DirectAreaDeps): Direct {
  const { config, db, access, storage } = deps;
  const direct = createDirect({
    db, nextId: deps.nextId, storage, access, userSummaries: deps.userSummaries, postSummaries: deps.postSummaries, rings: deps.rings,
    preparedInbox: deps.preparedInbox, soleWriter: deps.soleWriter,
    publisher: deps.publisher ?? deps.realtime.publisher,
    onError: (err) => app.log.error({ err }, 'a direct change could not be told over the channel'),
  });
  const broadcastRepo = createBroadcastRepository(db);
  const photos = createDirectPhotos(broadcastRepo, storage, deps.nextId);
  direct.onItemRemoved(photos.removeSent);
  if (deps.runWorkers) runEvery(app, DIRECT_UPLOAD_PURGE_EVERY_MS, 'purge of unsent direct photos', photos.purgeExpired);
  const presence = createPresence({ repo: broadcastRepo, access, hidden: deps.rules?.presenceHidden, onError: (err) => app.log.error({ err }, 'presence could not be stored') });
  if (!config.direct.enabled) return direct;

  const channel = createDirectChannel({
    direct, pace: keyedLimit(app, DIRECT_SEND_PACE, DIRECT_SEND_LIMIT), onError: (err) => app.log.error({ err }, 'a direct send failed'),
  });
  app.addHook('onClose', async () => channel.close());
  deps.realtime.setHandlers({ send: channel.send, active: presence.active });
  registerDirectRoutes(app, direct);
  const follows = createFriendshipsRepository(db);
  const storyReads = createStoryReadsRepository(db);
  registerDirectBroadcastRoutes(app, {
    broadcast: createBroadcast({
      deliver: direct.deliver, oneToOne: async (senderId, otherId) => (await direct.createThread(senderId, [otherId])).threadId,
      photos, access,
      storyVisible: (senderId, ownerId, storyId) => storyReads.replyable(senderId, ownerId, storyId, new Date()),
      storySharing: deps.rules?.storySharing,
      links: createLinkContexts({ publicUrl: config.publicUrl, posts: deps.postSummaries, access, users: deps.users, storage }),
    }),
    recipients: createRecipients({
      repo: broadcastRepo, search: createUserSearch(db), users: deps.userSummaries, access, storage,
      followingOf: async (viewerId, limit) => (await follows.list(viewerId, 'following', viewerId, limit, null, 'any')).map((r) => r.id),
    }),
    presence,
    spoolDir: deps.spoolDir,
  });
  return direct;
}
