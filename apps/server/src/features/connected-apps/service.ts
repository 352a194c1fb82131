/// <reference path="./oidc-provider-module.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { APP_SCOPES, type AppScope } from '@shutter/contract';
import type { AppAuthorization, AppInvite, ConsentRequest, RegisteredApp } from '@shutter/contract/results';
import type { Db } from '../../db/database.js';
import { forbidden, notFound, userNotFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { SessionUser } from '../../platform/session-store.js';
import { randomToken } from '../../platform/tokens.js';
import { apiResource, GRANT_TTL_S } from './provider.js';
import type { AppsRepository } from './repository.js';
import type { StoreRepository } from './store.repository.js';

export interface ConnectedAppsDeps {
  db: Db;
  nextId: IdGenerator;
  publicUrl: string;
  provider: Provider;
  apps: AppsRepository;
  store: StoreRepository;
  secretOf: (clientId: string) => string;
  sessionUser: (userId: string) => Promise<SessionUser | undefined>;
  userIdOf: (username: string) => Promise<string | undefined>;
}

export interface NewAppInput {
  client_name: string;
  redirect_uris: string[];
  scopes: AppScope[];
  website?: string;
  description?: string;
}

/** What a bearer token lets its app do: act as this person, within these scopes. */
export interface AppAccess {
  user: SessionUser;
  clientId: string;
  scopes: AppScope[];
}

/** The raw request and answer of an authorization server call (its interaction cookies ride on them). */
export interface RawExchange {
  req: IncomingMessage;
  res: ServerResponse;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const appScopesOf = (scope: string) => scope.split(' ').filter((s): s is AppScope => (APP_SCOPES as readonly string[]).includes(s));

export function createConnectedApps(deps: ConnectedAppsDeps) {
  const { provider, apps, store } = deps;
  const resource = apiResource(deps.publicUrl);

  /** The interaction behind a consent page, checked to be the one its path names. */
  async function interaction(uid: string, raw: RawExchange) {
    const details = await provider.interactionDetails(raw.req, raw.res).catch(() => null);
    if (!details || details.uid !== uid) throw notFound('This request has expired. Go back to the app and try again.');
    const app = await apps.app(details.params.client_id);
    if (!app) throw notFound('This app no longer exists.');
    const requested = new Set(String(details.params.scope ?? '').split(' '));
    const scopes = appScopesOf(app.scopes).filter((s) => requested.has(s));
    const oidc = ['openid', 'profile'].filter((s) => requested.has(s));
    return { details, app, scopes, oidc };
  }

  return {
    async register(input: NewAppInput, ownerId: string | null): Promise<RegisteredApp> {
      const clientId = randomToken(24);
      const id = deps.nextId();
      await apps.insertApp({
        clientId, id, name: input.client_name, website: input.website ?? null, description: input.description ?? '',
        redirectUris: input.redirect_uris, scopes: input.scopes.join(' '), ownerId,
      });
      return {
        id, name: input.client_name, website: input.website ?? null, redirect_uri: input.redirect_uris.join('\n'), redirect_uris: input.redirect_uris,
        scopes: input.scopes, client_id: clientId, client_secret: deps.secretOf(clientId),
      };
    },

    /** The person a bearer token acts for, or null when it is unknown, revoked, expired, not for the API, or its person is suspended. */
    async appAccess(token: string): Promise<AppAccess | null> {
      if (token.length > 200) return null;
      const found = await store.accessToken(token);
      if (!found?.accountId || !found.clientId || typeof found.scope !== 'string') return null;
      const audience = [found.aud].flat();
      if (!audience.includes(resource)) return null;
      const user = await deps.sessionUser(found.accountId);
      const scopes = appScopesOf(found.scope);
      return user && scopes.length ? { user, clientId: found.clientId, scopes } : null;
    },

    async consentRequest(uid: string, raw: RawExchange): Promise<ConsentRequest> {
      const { app, scopes } = await interaction(uid, raw);
      return { uid, app: { client_id: app.client_id, name: app.name, website: app.website, description: app.description }, scopes, status: 'ok' };
    },

    /** The person allows: a grant of what the app asked for (within what it registered), and back to the app with a code. */
    async allow(uid: string, userId: string, raw: RawExchange): Promise<string> {
      const { app, scopes, oidc } = await interaction(uid, raw);
      const grant = new provider.Grant({ accountId: userId, clientId: app.client_id });
      if (oidc.length) grant.addOIDCScope(oidc.join(' '));
      if (oidc.includes('profile')) grant.addOIDCClaims(['name', 'preferred_username']);
      if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      await apps.authorize(userId, app.client_id, scopes.join(' '), new Date(Date.now() + GRANT_TTL_S * 1000));
      return provider.interactionResult(raw.req, raw.res, { login: { accountId: userId, remember: false }, consent: { grantId } }, { mergeWithLastSubmission: false });
    },

    async cancel(uid: string, raw: RawExchange): Promise<string> {
      await interaction(uid, raw);
      return provider.interactionResult(raw.req, raw.res, { error: 'access_denied', error_description: 'The person cancelled.' }, { mergeWithLastSubmission: false });
    },

    async list(userId: string): Promise<{ authorizations: AppAuthorization[]; invites: AppInvite[] }> {
      const now = Date.now();
      const rows = await apps.authorizations(userId);
      const authorizations = rows.map((r): AppAuthorization => {
        const expired = !r.removed_at && r.expires_at.getTime() <= now;
        return {
          app_id: r.client_id, app_name: r.name, app_description: r.description, privacy_policy: r.website,
          scopes: appScopesOf(r.scopes),
          status: r.removed_at ? 'removed' : expired ? 'expired' : 'active',
          authorized_at: seconds(r.authorized_at),
          expired_at: expired ? seconds(r.expires_at) : null,
          removed_at: r.removed_at ? seconds(r.removed_at) : null,
        };
      });
      const invites = (await apps.invites(userId)).map((i) => ({ app_id: i.client_id, app_name: i.name, accepted_at: i.accepted_at ? seconds(i.accepted_at) : null }));
      return { authorizations, invites };
    },

    /** The app stops working for this person at once: its grant, codes and tokens go, and the list shows it removed. */
    async revoke(userId: string, clientId: string): Promise<void> {
      const removed = await deps.db.transaction().execute(async (trx) => {
        const had = await apps.markRemoved(trx, userId, clientId);
        if (had) await store.revokeApp(trx, userId, clientId);
        return had;
      });
      if (!removed) throw notFound('This app has no access to your account.');
    },

    async invite(ownerId: string, clientId: string, username: string): Promise<void> {
      const app = await apps.app(clientId);
      if (!app) throw notFound('This app does not exist.');
      if (app.owner_id !== ownerId) throw forbidden('Only the app\'s developer can invite testers.');
      const userId = await deps.userIdOf(username);
      if (!userId) throw userNotFound();
      await apps.invite(clientId, userId);
    },

    async acceptInvite(userId: string, clientId: string): Promise<number> {
      const at = await apps.acceptInvite(clientId, userId);
      if (!at) throw notFound('This invitation is no longer available.');
      return seconds(at);
    },

    async declineInvite(userId: string, clientId: string): Promise<void> {
      if (!(await apps.declineInvite(clientId, userId))) throw notFound('This invitation is no longer available.');
    },
  };
}
export type ConnectedApps = ReturnType<typeof createConnectedApps>;
