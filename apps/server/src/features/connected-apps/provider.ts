/// <reference path="./oidc-provider-module.d.ts" />
import { createHmac, generateKeyPairSync } from 'node:crypto';
import Provider, { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { APP_SCOPES, consentPath } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { createServerKeysRepository } from '../../platform/server-keys.repository.js';
import { serverKey } from '../../platform/server-keys.js';
import type { SessionUser } from '../../platform/session-store.js';
import type { AppsRepository } from './repository.js';
import type { StoreRepository } from './store.repository.js';

export const OAUTH_PREFIX = '/oauth/';
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  userinfo: '/oauth/userinfo',
  jwks: '/oauth/jwks',
  end_session: '/oauth/logout',
} as const;

/** How long a person's authorization lasts, and so each token made from it at most. */
export const GRANT_TTL_S = 365 * 24 * 3600;
const ACCESS_TOKEN_TTL_S = 90 * 24 * 3600;

export interface ProviderDeps {
  db: Db;
  publicUrl: string;
  /** Behind a proxy that ends TLS: the forwarded scheme and host are the request's. */
  proxy: boolean;
  apps: AppsRepository;
  store: StoreRepository;
  /** The person behind an account id, unless they are gone or suspended. */
  sessionUser: (userId: string) => Promise<SessionUser | undefined>;
}

/** The API as a resource server: the audience of every token that reads or writes for a person. */
export const apiResource = (publicUrl: string) => `${publicUrl}/api/`;

/** The client secret of an app: derived from its id under the service's key, so no table holds it. */
export async function createSecrets(db: Db) {
  const key = await serverKey(db, 'oauth-client-secret');
  return (clientId: string) => createHmac('sha256', key).update(clientId).digest('base64url');
}

/** The signing key of ID tokens: made by the first instance that needs it, then shared by all. */
async function signingKey(db: Db): Promise<Record<string, unknown>> {
  const keys = createServerKeysRepository(db);
  const name = 'oauth-signing-jwk';
  const existing = await keys.value(name).catch(() => null);
  if (existing) return JSON.parse(existing) as Record<string, unknown>;
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  await keys.insertIfAbsent(name, JSON.stringify({ ...jwk, alg: 'RS256', use: 'sig' }));
  return JSON.parse(await keys.value(name)) as Record<string, unknown>;
}

/** The OAuth 2 / OpenID Connect authorization server, its records in the database. */
export async function createProvider(deps: ProviderDeps): Promise<Provider> {
  const { db, publicUrl, apps, store } = deps;
  const secretOf = await createSecrets(db);
  const resource = apiResource(publicUrl);

  class StoreAdapter implements Adapter {
    constructor(private readonly kind: string) {}
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) { await store.upsert(this.kind, id, payload, expiresIn); }
    async find(id: string) {
      if (this.kind !== 'Client') return (await store.find(this.kind, id)) as AdapterPayload | undefined;
      const app = await apps.app(id);
      if (!app) return undefined;
      return {
        client_id: app.client_id,
        client_secret: secretOf(app.client_id),
        client_name: app.name,
        ...(app.website ? { client_uri: app.website } : {}),
        redirect_uris: app.redirect_uris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        // Its ceiling of API scopes, which the resource server's scope keeps to (getResourceServerInfo).
        'urn:shutter:api_scopes': app.scopes,
      };
    }
    async findByUid(uid: string) { return (await store.findByUid(this.kind, uid)) as AdapterPayload | undefined; }
    async findByUserCode(code: string) { return (await store.findByUserCode(this.kind, code)) as AdapterPayload | undefined; }
    async consume(id: string) { await store.consume(this.kind, id); }
    async destroy(id: string) { await store.destroy(this.kind, id); }
    async revokeByGrantId(grantId: string) { await store.revokeByGrantId(this.kind, grantId); }
  }

  const wantsApi = (scope: unknown) => typeof scope === 'string' && scope.split(' ').some((s) => (APP_SCOPES as readonly string[]).includes(s));

  const provider = new Provider(publicUrl, {
    adapter: StoreAdapter,
    findAccount: async (_ctx: unknown, id: string) => {
      const user = await deps.sessionUser(id);
      return user && { accountId: id, claims: () => ({ sub: id, preferred_username: user.username, name: user.full_name }) };
    },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    routes: OAUTH_ROUTES,
    extraClientMetadata: { properties: ['urn:shutter:api_scopes'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A request for read or write is for the API; one for openid and profile alone is for userinfo.
        defaultResource: (ctx: { oidc: { params?: { scope?: unknown } } }) => (wantsApi(ctx.oidc.params?.scope) ? resource : undefined),
        useGrantedResource: () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string, client: { metadata(): Record<string, unknown> }) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          const allowed = String(client.metadata()['urn:shutter:api_scopes'] ?? '').split(' ').filter((s) => (APP_SCOPES as readonly string[]).includes(s));
          return { scope: allowed.join(' '), audience: resource, accessTokenFormat: 'opaque', accessTokenTTL: ACCESS_TOKEN_TTL_S };
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => consentPath(interaction.uid) },
    cookies: { keys: [(await serverKey(db, 'oauth-cookies')).toString('base64url')] },
    jwks: { keys: [await signingKey(db)] },
    ttl: { AccessToken: ACCESS_TOKEN_TTL_S, AuthorizationCode: 60, Grant: GRANT_TTL_S, IdToken: 3600, Interaction: 3600, Session: 3600 },
    // Errors answer as JSON (token endpoint) or a plain page: never the provider's own HTML.
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
      ctx.type = 'json';
      ctx.body = { status: 'fail', message: out.error_description ?? out.error, ...out };
    },
  });
  provider.proxy = deps.proxy;
  return provider;
}
