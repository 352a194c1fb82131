import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS_PATH, MANAGE_ACCESS_PATH, REVOKE_APP_PATH } from '@shutter/contract';
import { manageAccess, registeredApp } from '@shutter/contract/results';
import { Agent, queryUrl, signedUpAgent } from './helpers/agent.js';
import { allow, asApp, authorize, exchange, pkce, REDIRECT_URI, registerApp, startAuthorization } from './helpers/oauth-client.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);

describe(`apps as OAuth clients (${databaseKind})`, () => {
  it('registers an app as Mastodon does, without a session or CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url: APPS_PATH, payload: { client_name: 'Frame', redirect_uris: `${REDIRECT_URI}\nhttp://127.0.0.1:8080/cb`, scopes: 'read write', website: 'https://app.example' } });
    expect(res.statusCode).toBe(200);
    const body = registeredApp.parse(res.json());
    expect(body).toMatchObject({ name: 'Frame', website: 'https://app.example', scopes: ['read', 'write'], redirect_uris: [REDIRECT_URI, 'http://127.0.0.1:8080/cb'] });
    expect(body.client_id.length).toBeGreaterThan(20);
    expect(body.client_secret.length).toBeGreaterThan(20);
    // Mastodon clients often post a form, the redirect URIs one string.
    const form = await t.app.inject({ method: 'POST', url: APPS_PATH, payload: 'client_name=Form&redirect_uris=https%3A%2F%2Fa.example%2Fcb&scopes=read', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ scopes: ['read'], redirect_uri: 'https://a.example/cb' });
  });

  it('refuses bad registrations with a 400, never a 500', async () => {
    for (const payload of [
      { client_name: 'x', redirect_uris: 'http://evil.example/cb' },
      { client_name: 'x', redirect_uris: 'javascript:alert(1)' },
      { client_name: 'x', redirect_uris: 'not a url' },
      { client_name: '', redirect_uris: REDIRECT_URI },
      { client_name: 'x', redirect_uris: REDIRECT_URI, scopes: 'admin' },
      { client_name: 'x' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: APPS_PATH, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('publishes its discovery document with PKCE S256 and its endpoints under /oauth/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint', 'userinfo_endpoint', 'jwks_uri']) expect(new URL(doc[key]).pathname).toMatch(/^\/oauth\//);
    expect((await t.app.inject({ method: 'GET', url: new URL(doc.jwks_uri).pathname })).json().keys).toHaveLength(1);
  });

  it('runs the code flow with PKCE: the token reads the feed page as the person, with no cookie', async () => {
    const { agent, user } = await person();
    const client = await registerApp(t.app);
    const { verifier, challenge } = pkce();
    const uid = await startAuthorization(agent, client, challenge);
    const consent = await agent.get(`/oauth/consent/${uid}/?__a=1`);
    expect(consent.status).toBe(200);
    expect(consent.body).toMatchObject({ uid, app: { client_id: client.client_id, name: 'Photo Frame' }, scopes: ['read', 'write'] });
    const back = await allow(agent, uid);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('xyz');
    const token = await exchange(t.app, client, back.searchParams.get('code')!, verifier);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: expect.stringContaining('write') });

    const feed = await asApp(t.app, token.body.access_token!, 'GET', '/?__a=1');
    expect(feed.status).toBe(200);
    expect(feed.body.viewer.username).toBe(user.username);
    expect(feed.headers['set-cookie']).toBeUndefined();
    const queried = await asApp(t.app, token.body.access_token!, 'GET', queryUrl('feed'));
    expect(queried.status).toBe(200);
    expect(queried.body.status).toBe('ok');
    const shared = await asApp(t.app, token.body.access_token!, 'GET', '/data/shared_data/');
    expect(shared.body.config.viewer.username).toBe(user.username);
  });

  it('a bad PKCE verifier, or none, gets no token; a code works once', async () => {
    const { agent } = await person();
    const client = await registerApp(t.app);
    const { verifier, challenge } = pkce();
    const back = await allow(agent, await startAuthorization(agent, client, challenge));
    const code = back.searchParams.get('code')!;
    const wrong = await exchange(t.app, client, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const again = pkce();
    const back2 = await allow(agent, await startAuthorization(agent, client, again.challenge));
    const code2 = back2.searchParams.get('code')!;
    expect((await exchange(t.app, client, code2, again.verifier)).status).toBe(200);
    expect((await exchange(t.app, client, code2, again.verifier)).status).toBe(400);
    expect(verifier).not.toBe(again.verifier);

    // Without a challenge the authorization server refuses the request outright.
    const res = await agent.get(`/oauth/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'read' })}`);
    expect(String(res.headers.location)).toContain('error=invalid_request');
  });

  it('a read token cannot write (403); a write token writes without a CSRF token', async () => {
    const { agent } = await person();
    const { user: other } = await person();
    const readOnly = await authorize(t.app, agent, await registerApp(t.app, { scopes: 'read' }), 'read');
    const denied = await asApp(t.app, readOnly, 'POST', `/web/friendships/${other.id}/follow/`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/write scope/);
    expect((await asApp(t.app, readOnly, 'GET', '/?__a=1')).status).toBe(200);

    const writer = await authorize(t.app, agent, await registerApp(t.app));
    const done = await asApp(t.app, writer, 'POST', `/web/friendships/${other.id}/follow/`);
    expect(done.status).toBe(200);

    // Whatever its scopes, an app never manages apps, answers a consent, or leaves for its person.
    for (const [method, path] of [['GET', '/accounts/manage_access/?__a=1'], ['POST', '/accounts/manage_access/revoke/'], ['POST', '/accounts/deactivate/'], ['POST', '/accounts/download_data/'], ['GET', '/session/login_activity/?__a=1']] as const) {
      const refused = await asApp(t.app, writer, method, path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toMatch(/only you can/);
    }
  });

  it('an unknown token is a 401, even beside a valid cookie', async () => {
    const { agent } = await person();
    const res = await agent.request('GET', '/?__a=1', { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
    expect((await asApp(t.app, 'x'.repeat(500), 'GET', '/?__a=1')).status).toBe(401);
  });

  it('R-001-connected-apps-3: revoking an app ends its tokens at once and shows it removed, not active', async () => {
    const { agent } = await person();
    const client = await registerApp(t.app, { client_name: 'Revoked App', description: 'Prints photos' });
    const token = await authorize(t.app, agent, client);
    const before = manageAccess.parse((await agent.get(`${MANAGE_ACCESS_PATH}?__a=1`)).body);
    expect(before.authorizations).toEqual([expect.objectContaining({ app_id: client.client_id, app_name: 'Revoked App', app_description: 'Prints photos', status: 'active', scopes: ['read', 'write'], removed_at: null })]);
    expect(before.authorizations[0]!.authorized_at).toBeGreaterThan(Date.now() / 1000 - 60);

    expect((await agent.post(REVOKE_APP_PATH, { client_id: client.client_id })).status).toBe(200);
    expect((await asApp(t.app, token, 'GET', '/?__a=1')).status).toBe(401);
    const after = manageAccess.parse((await agent.get(`${MANAGE_ACCESS_PATH}?__a=1`)).body);
    expect(after.authorizations.filter((a) => a.status === 'active')).toEqual([]);
    expect(after.authorizations[0]).toMatchObject({ status: 'removed', removed_at: expect.any(Number) });
    expect((await agent.post(REVOKE_APP_PATH, { client_id: client.client_id })).status).toBe(404);
  });

  it('another person cannot see or revoke your apps', async () => {
    const owner = await person();
    const stranger = await person();
    const client = await registerApp(t.app);
    const token = await authorize(t.app, owner.agent, client);
    expect((await stranger.agent.get(`${MANAGE_ACCESS_PATH}?__a=1`)).body.authorizations).toEqual([]);
    expect((await stranger.agent.post(REVOKE_APP_PATH, { client_id: client.client_id })).status).toBe(404);
    expect((await asApp(t.app, token, 'GET', '/?__a=1')).status).toBe(200);
    expect((await new Agent(t.app).get(`${MANAGE_ACCESS_PATH}?__a=1`)).status).toBe(401);
    // A revoke forged from another site carries no CSRF token.
    expect((await owner.agent.post(REVOKE_APP_PATH, { client_id: client.client_id }, { csrf: false })).status).toBe(403);
  });

  it('cancel sends the person back to the app with access_denied and grants nothing', async () => {
    const { agent } = await person();
    const client = await registerApp(t.app);
    const uid = await startAuthorization(agent, client, pkce().challenge);
    const res = await agent.post(`/oauth/consent/${uid}/cancel/`);
    expect(res.status).toBe(200);
    const back = await agent.get(new URL(res.body.location, 'http://localhost').pathname);
    expect(String(back.headers.location)).toContain('error=access_denied');
    expect((await agent.get(`${MANAGE_ACCESS_PATH}?__a=1`)).body.authorizations).toEqual([]);
  });

  it('the consent page needs the person logged in, and its allow needs the CSRF token', async () => {
    const { agent } = await person();
    const client = await registerApp(t.app);
    const uid = await startAuthorization(agent, client, pkce().challenge);
    expect((await agent.post(`/oauth/consent/${uid}/allow/`, {}, { csrf: false })).status).toBe(403);
    const visitor = new Agent(t.app);
    expect((await visitor.get(`/oauth/consent/${uid}/?__a=1`)).status).toBe(401);
    expect((await agent.get('/oauth/consent/nope/?__a=1')).status).toBe(404);
  });

  it('a token works on another instance of the service (its records are in the database)', async () => {
    const { agent, user } = await person();
    const token = await authorize(t.app, agent, await registerApp(t.app));
    const second = await createSecondInstance(t);
    try {
      const res = await asApp(second.app, token, 'GET', '/?__a=1');
      expect(res.status).toBe(200);
      expect(res.body.viewer.username).toBe(user.username);
    } finally {
      await second.close();
    }
  });

  it("a suspended person's token stops working", async () => {
    const { agent, user } = await person();
    const token = await authorize(t.app, agent, await registerApp(t.app));
    expect((await asApp(t.app, token, 'GET', '/?__a=1')).status).toBe(200);
    await t.db.insertInto('account_standing').values({ user_id: user.id, limited_at: null, suspended_at: new Date(), purge_after: null }).execute();
    expect((await asApp(t.app, token, 'GET', '/?__a=1')).status).toBe(401);
  });
});
