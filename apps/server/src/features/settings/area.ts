import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Outbox } from '../../platform/outbox.js';
import type { PageLoaders } from '../../platform/web/page-result.js';
import { createAccountsRepository } from '../accounts/repository.js';
import { settingsPages } from './pages.js';
import { createSettingsRepository } from './repository.js';
import { registerSettingsRoutes } from './routes.js';
import { createSettings } from './service.js';

export interface SettingsAreaDeps {
  db: Db;
  outbox: Pick<Outbox, 'sentTo'>;
}

/** A person's own privacy, comment filter and notification settings, and the mails sent to them. */
export function registerSettingsArea(app: FastifyInstance, deps: SettingsAreaDeps): { pages: PageLoaders } {
  const accounts = createAccountsRepository(deps.db);
  const settings = createSettings({
    repo: createSettingsRepository(deps.db),
    outbox: deps.outbox,
    account: async (userId) => {
      const user = await accounts.findById(userId);
      return user && { email: user.email, is_private: user.is_private };
    },
  });
  registerSettingsRoutes(app, settings);
  return { pages: settingsPages(settings) };
}
