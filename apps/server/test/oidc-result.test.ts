import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CALLBACK_PATH, SESSION_COOKIE } from '@shutter/contract';
import { oauthLoginResult, OIDC_SCOPES, scopesOf } from '../src/features/auth/oauth-result.js';
import { Agent } from './helpers/agent.js';
import { startTestProvider, type ProviderPerson, type TestProvider } from './helpers/oidc-provider.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const PUBLIC_URL = 'http://shutter.localhost';
const ALL = ['openid', 'email', 'profile'];

describe('the OAuth-style login result', () => {
  it('R-002-prompts-13: access_denied with reason user_denied counts as canceled', () => {
    expect(oauthLoginResult({ error: 'access_denied', errorReason: 'user_denied' })).toBe('canceled');
  });

  it('R-002-prompts-13: access_denied without that reason, or another error, is a failure', () => {
    expect(oauthLoginResult({ error: 'access_denied' })).toBe('failure');
    expect(oauthLoginResult({ error: 'access_denied', errorReason: 'user_not_allowed' })).toBe('failure');
    expect(oauthLoginResult({ error: 'server_error', errorReason: 'user_denied' })).toBe('failure');
    // An error outweighs whatever else came with it.
    expect(oauthLoginResult({ error: 'invalid_scope', accessToken: 't', grantedScopes: ALL, deniedScopes: [] })).toBe('failure');
  });

  it('R-002-prompts-14: a success has an access token, the granted scopes and the denied scopes', () => {
    expect(oauthLoginResult({ accessToken: 'token', grantedScopes: ALL, deniedScopes: [] })).toBe('success');
    expect(oauthLoginResult({ accessToken: 'token', grantedScopes: ['openid', 'email'], deniedScopes: ['profile'] })).toBe('success');
  });

  it('R-002-prompts-14: without an access token, granted scopes or denied scopes it is a failure', () => {
    expect(oauthLoginResult({ grantedScopes: ALL, deniedScopes: [] })).toBe('failure');
    expect(oauthLoginResult({ accessToken: '', grantedScopes: ALL, deniedScopes: [] })).toBe('failure');
    expect(oauthLoginResult({ accessToken: 'token', deniedScopes: [] })).toBe('failure');
    expect(oauthLoginResult({ accessToken: 'token', grantedScopes: ALL })).toBe('failure');
    expect(oauthLoginResult({})).toBe('failure');
  });

  it('R-002-prompts-14: openid or email among the denied scopes is a failure', () => {
    expect(oauthLoginResult({ accessToken: 'token', ...scopesOf(ALL, 'openid profile') })).toBe('failure');
    expect(oauthLoginResult({ accessToken: 'token', ...scopesOf(ALL, 'email profile') })).toBe('failure');
    expect(oauthLoginResult({ accessToken: 'token', ...scopesOf(ALL, '') })).toBe('failure');
  });

  it('the granted scopes are the token answer\'s, or those asked for when it leaves them out (RFC 6749 §5.1); denied are the rest', () => {
    expect(scopesOf(ALL, 'openid  email')).toEqual({ grantedScopes: ['openid', 'email'], deniedScopes: ['profile'] });
    expect(scopesOf(ALL, undefined)).toEqual({ grantedScopes: ALL, deniedScopes: [] });
    expect(scopesOf(ALL, 'openid email profile offline_access')).toEqual({ grantedScopes: [...ALL, 'offline_access'], deniedScopes: [] });
    expect([...OIDC_SCOPES]).toEqual(ALL);
  });
});

describe(`the return from a real provider (${databaseKind})`, () => {
  let provider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestProvider(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
    t = await createTestApp({ env: { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret } });
  });
  afterEach(() => {
    provider.denialReason = null;
    provider.declinedScopes = [];
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const person = (): ProviderPerson => {
    const id = `scoped${process.pid % 1000}_${Math.floor(Math.random() * 1e6)}`;
    return { sub: `sub-${id}`, email: `${id}@provider.example`, email_verified: true, name: 'Grace Hopper', preferred_username: id };
  };

  async function signIn(agent: Agent, who: ProviderPerson | null, next?: string) {
    provider.person = who;
    const start = await agent.get(`/accounts/oidc/start/${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    const back = await provider.authorize(String(start.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
    return { back, res: await agent.get(`${back.pathname}${back.search}`) };
  }

  it('R-002-prompts-13: a person who says no at the provider (user_denied) is back at the login page with a canceled notice, not an error', async () => {
    provider.denialReason = 'user_denied';
    const agent = new Agent(t.app);
    const { back, res } = await signIn(agent, null, '/explore/');
    expect(back.searchParams.get('error_reason')).toBe('user_denied');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/accounts/login/?oidc_notice=canceled&next=%2Fexplore%2F');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('R-002-prompts-13: access_denied without the user_denied reason is a failure', async () => {
    provider.denialReason = 'not_permitted';
    const agent = new Agent(t.app);
    const { res } = await signIn(agent, null);
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=denied');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('R-002-prompts-14: a token whose granted scopes leave out email is a failure: no account, no session', async () => {
    provider.declinedScopes = ['email'];
    const agent = new Agent(t.app);
    const who = person();
    const { res } = await signIn(agent, who);
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=failed');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', who.preferred_username!).execute()).toHaveLength(0);
  });

  it('R-002-prompts-14: with profile denied but openid and email granted, the person is logged in', async () => {
    provider.declinedScopes = ['profile'];
    const agent = new Agent(t.app);
    const { res } = await signIn(agent, person(), '/explore/');
    expect(res.headers.location).toBe('/explore/');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});
