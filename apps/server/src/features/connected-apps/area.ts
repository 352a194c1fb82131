import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { BearerAuth } from '../../platform/bearer.js';
import type { IdGenerator } from '../../platform/ids.js';
import { runEvery } from '../../platform/queue.js';
import type { SessionUser } from '../../platform/session-store.js';
import type { PageLoaders } from '../../platform/web/page-result.js';
import { registerAuthorizationServer } from './authorization-server.js';
import { connectedAppsPages } from './pages.js';
import { createProvider, createSecrets, OAUTH_PREFIX } from './provider.js';
import { createAppsRepository } from './repository.js';
import { registerConnectedAppsRoutes } from './routes.js';
import { createConnectedApps } from './service.js';
import { createStoreRepository } from './store.repository.js';

export interface ConnectedAppsAreaDeps {
  db: Db;
  nextId: IdGenerator;
  publicUrl: string;
  proxy: boolean;
  /** The person behind an account id, unless gone or suspended (their apps then stop working too). */
  sessionUser: (userId: string) => Promise<SessionUser | undefined>;
  userIdOf: (username: string) => Promise<string | undefined>;
}

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Apps that act for people: the service as an OAuth 2 / OpenID Connect provider, the bearer
 * tokens it issues (read before the session, see platform/session.ts), people's list of their
 * apps, and testers' invitations.
 */
export async function createConnectedAppsArea(deps: ConnectedAppsAreaDeps) {
  const apps = createAppsRepository(deps.db);
  const store = createStoreRepository(deps.db);
  const provider = await createProvider({ db: deps.db, publicUrl: deps.publicUrl, proxy: deps.proxy, apps, store, sessionUser: deps.sessionUser });
  const service = createConnectedApps({
    db: deps.db, nextId: deps.nextId, publicUrl: deps.publicUrl, provider, apps, store,
    secretOf: await createSecrets(deps.db), sessionUser: deps.sessionUser, userIdOf: deps.userIdOf,
  });
  const bearer: BearerAuth = {
    skips: (url) => url.startsWith(OAUTH_PREFIX) || url.startsWith('/.well-known/'),
    find: service.appAccess,
  };
  return {
    bearer,
    register(app: FastifyInstance): { pages: PageLoaders } {
      registerAuthorizationServer(app, provider);
      registerConnectedAppsRoutes(app, service);
      runEvery(app, SWEEP_EVERY_MS, 'sweep of expired authorization records', store.sweep);
      return { pages: connectedAppsPages(service) };
    },
  };
}
