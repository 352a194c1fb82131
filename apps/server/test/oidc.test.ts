import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { OIDC_CALLBACK_PATH, SESSION_COOKIE } from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { startTestProvider, type ProviderPerson, type TestProvider } from './helpers/oidc-provider.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { buildServerEntry } from './helpers/web-build.js';

const PUBLIC_URL = 'http://shutter.localhost';

let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestProvider(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
  t = await createTestApp({
    env: { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_NAME: 'Example ID' },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let people = 0;
const providerPerson = (extra: Partial<ProviderPerson> = {}): ProviderPerson => {
  people += 1;
  const id = `oidc${process.pid % 1000}_${people}_${Math.floor(Math.random() * 1000)}`;
  return { sub: `sub-${id}`, email: `${id}@provider.example`, email_verified: true, name: 'Ada Lovelace', preferred_username: id, ...extra };
};

/** Start, the provider's prompts, and the callback, as a browser goes through them; answers the callback's response. */
async function signInWithProvider(agent: Agent, person: ProviderPerson | null, next?: string) {
  provider.person = person;
  const start = await agent.get(`/accounts/oidc/start/${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  expect(start.status).toBe(302);
  const back = await provider.authorize(String(start.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
  return agent.get(`${back.pathname}${back.search}`);
}

const viewerOf = async (agent: Agent) => (await agent.get('/data/shared_data/')).body.config.viewer as { id: string; username: string; full_name: string } | null;

async function userRows(email: string) {
  return t.db.selectFrom('users').select(['id', 'username', 'full_name', 'email_confirmed_at', 'password_hash']).where('email_lower', '=', email.toLowerCase()).execute();
}

describe(`sign-in with an OpenID Connect provider (${databaseKind})`, () => {
  it('the start sends the browser to the provider with PKCE S256, state and nonce, keeping them in an HttpOnly cookie', async () => {
    const res = await new Agent(t.app).get('/accounts/oidc/start/?next=/explore/');
    expect(res.status).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin).toBe(provider.issuer);
    const q = to.searchParams;
    expect(q.get('client_id')).toBe(provider.clientId);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/oidc_login=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/Path=\/accounts\/oidc\//);
    expect(cookie).not.toContain(q.get('code_challenge')!);
  });

  it('a first return creates an account (confirmed email, name, a username from the provider) and logs in, to next', async () => {
    const person = providerPerson();
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, person, '/explore/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/explore/');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(agent.cookies.has('oidc_login')).toBe(false);
    const viewer = await viewerOf(agent);
    expect(viewer).toMatchObject({ username: person.preferred_username, full_name: 'Ada Lovelace' });
    const [row] = await userRows(person.email!);
    expect(row!.id).toBe(viewer!.id);
    expect(row!.email_confirmed_at).toBeInstanceOf(Date);
  });

  it('a second return of the same person logs in to the same account (no second account)', async () => {
    const person = providerPerson();
    const first = new Agent(t.app);
    await signInWithProvider(first, person);
    const again = new Agent(t.app);
    const res = await signInWithProvider(again, person);
    expect(res.headers.location).toBe('/');
    expect((await viewerOf(again))!.id).toBe((await viewerOf(first))!.id);
    expect(await userRows(person.email!)).toHaveLength(1);
  });

  it('a suspended account is not signed in by its provider: back to login with the reason, logged out', async () => {
    const person = providerPerson();
    const first = new Agent(t.app);
    await signInWithProvider(first, person);
    const userId = (await viewerOf(first))!.id;
    await t.db.insertInto('account_standing').values({ user_id: userId, suspended_at: new Date(), purge_after: new Date(Date.now() + 86_400_000) }).execute();
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, person);
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=account_suspended');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('a taken username gets another one from the same names', async () => {
    const existing = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    await signInWithProvider(agent, providerPerson({ preferred_username: existing.username }));
    const viewer = await viewerOf(agent);
    expect(viewer!.username).not.toBe(existing.username);
    expect(viewer!.username.toLowerCase()).toContain(existing.username.toLowerCase());
  });

  it('R-000-routes-12: the callback without code and state, or with a state that does not match the login key, goes to / and logs no one in', async () => {
    const agent = new Agent(t.app);
    for (const query of ['', '?code=abc', '?state=abc']) {
      const res = await agent.get(`${OIDC_CALLBACK_PATH}${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/');
    }
    // A real start, then a return with the provider's code but another state.
    provider.person = providerPerson();
    const start = await agent.get('/accounts/oidc/start/');
    const back = await provider.authorize(String(start.headers.location));
    back.searchParams.set('state', 'not-the-state');
    const wrong = await agent.get(`${back.pathname}${back.search}`);
    expect(wrong.headers.location).toBe('/');
    // The right state without the login key (another browser) is refused too.
    back.searchParams.set('state', new URL(String(start.headers.location)).searchParams.get('state')!);
    const stranger = new Agent(t.app);
    expect((await stranger.get(`${back.pathname}${back.search}`)).headers.location).toBe('/');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await viewerOf(agent)).toBeNull();
  });

  it('R-000-auth-5: a person who does not log in at the provider (cancels) falls back to the login form with the reason, logged out', async () => {
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, null, '/explore/');
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=denied&next=%2Fexplore%2F');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('an account made through the provider cannot log in with any password', async () => {
    const person = providerPerson();
    await signInWithProvider(new Agent(t.app), person);
    const [row] = await userRows(person.email!);
    for (const password of ['', '!oidc', row!.password_hash, 'correct horse battery']) {
      for (const username of [row!.username, person.email!]) {
        const agent = new Agent(t.app);
        const res = await agent.post('/accounts/login/ajax/', { username, password });
        expect(res.status).toBe(400);
        expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
      }
    }
  });

  it('links to the account with the same email when the account confirmed it and the provider verified it', async () => {
    const local = await signUp(new Agent(t.app));
    await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', local.id).execute();
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, providerPerson({ email: local.email.toUpperCase(), preferred_username: 'someone_else' }));
    expect(res.headers.location).toBe('/');
    expect((await viewerOf(agent))!.id).toBe(local.id);
    // Its password still works.
    expect((await new Agent(t.app).post('/accounts/login/ajax/', { username: local.username, password: local.password })).status).toBe(200);
  });

  it('does not link to an unconfirmed account, nor on an email the provider did not verify: back to login, no new account', async () => {
    const unconfirmed = await signUp(new Agent(t.app));
    const confirmed = await signUp(new Agent(t.app), newPerson('conf'));
    await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', confirmed.id).execute();
    for (const person of [providerPerson({ email: unconfirmed.email }), providerPerson({ email: confirmed.email, email_verified: false })]) {
      const agent = new Agent(t.app);
      const res = await signInWithProvider(agent, person);
      expect(res.headers.location).toBe('/accounts/login/?oidc_error=email_taken');
      expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await userRows(person.email!)).toHaveLength(1);
    }
  });

  it('an account with two-factor on is not logged in by the provider alone: back to login, where its password and code work', async () => {
    const owner = new Agent(t.app);
    const local = await signUp(owner);
    await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', local.id).execute();
    const key = await owner.post('/accounts/two_factor_authentication/totp/generate_key/');
    const code = await generate({ secret: key.body.totp_seed as string });
    expect((await owner.post('/accounts/two_factor_authentication/totp/enable/', { verification_code: code })).status).toBe(200);
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, providerPerson({ email: local.email }));
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=two_factor');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('a provider without an email for the person gets no account', async () => {
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, providerPerson({ email: undefined, email_verified: undefined }));
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=no_email');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('an unverified email makes an account whose email waits for its confirmation link', async () => {
    const person = providerPerson({ email_verified: false });
    const agent = new Agent(t.app);
    await signInWithProvider(agent, person);
    expect(await viewerOf(agent)).not.toBeNull();
    const [row] = await userRows(person.email!);
    expect(row!.email_confirmed_at).toBeNull();
  });

  it('a logged-in visitor at the start goes on to next; the shared data names the provider', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const res = await agent.get('/accounts/oidc/start/?next=/explore/');
    expect(res.headers.location).toBe('/explore/');
    expect((await agent.get('/data/shared_data/')).body.oidc).toEqual({ name: 'Example ID' });
  });

  it('a next that leaves the site is not followed', async () => {
    const agent = new Agent(t.app);
    const res = await signInWithProvider(agent, providerPerson(), 'https://evil.example/');
    expect(res.headers.location).toBe('/');
  });
});

describe(`with a parental consent age set (${databaseKind})`, () => {
  let aged: TestApp;
  beforeAll(async () => {
    aged = await createTestApp({
      env: { PUBLIC_URL, PARENTAL_CONSENT_AGE: '16', OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret },
    });
  });
  afterAll(async () => { await aged?.close(); });

  it('a return makes no new account (signing up needs a birthday): back to login', async () => {
    const agent = new Agent(aged.app);
    const person = providerPerson();
    const res = await signInWithProvider(agent, person);
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=birthday_required');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await aged.db.selectFrom('users').select('id').where('email_lower', '=', person.email!.toLowerCase()).execute()).toHaveLength(0);
  });
});

describe(`without a provider configured (${databaseKind})`, () => {
  let off: TestApp;
  beforeAll(async () => { off = await createTestApp(); });
  afterAll(async () => { await off?.close(); });

  it('the start goes to the login page, the callback to /, and the shared data says it is off', async () => {
    const agent = new Agent(off.app);
    expect((await agent.get('/accounts/oidc/start/')).headers.location).toBe('/accounts/login/');
    expect((await agent.get(`${OIDC_CALLBACK_PATH}?code=a&state=b`)).headers.location).toBe('/');
    expect((await agent.get('/data/shared_data/')).body.oidc).toBeNull();
  });
});

describe(`the login page with a provider configured, rendered on the server (${databaseKind})`, () => {
  let build: Awaited<ReturnType<typeof buildServerEntry>>;
  let app: TestApp;
  beforeAll(async () => {
    build = await buildServerEntry();
    // The page only names the provider: nothing reaches it until someone starts.
    app = await createTestApp({ webDist: build.webDist, env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'shutter', OIDC_CLIENT_SECRET: 's', OIDC_NAME: 'Example ID' } });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    build?.remove();
  });

  it('carries the "Continue with" link to the start, keeping next, and the reason of a failed return', async () => {
    const agent = new Agent(app.app);
    const html = (await agent.get('/accounts/login/?next=%2Fexplore%2F')).text;
    expect(html).toMatch(/<a class="[^"]*" href="\/accounts\/oidc\/start\/\?next=%2Fexplore%2F">Continue with Example ID<\/a>/);
    const failed = (await agent.get('/accounts/login/?oidc_error=denied')).text;
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Example ID didn&#x27;t let you sign in.');
  });

  it('R-002-prompts-13: a canceled return is a calm status, not an alert', async () => {
    const html = (await new Agent(app.app).get('/accounts/login/?oidc_notice=canceled')).text;
    expect(html).toMatch(/<p class="[^"]*" role="status">Sign-in with Example ID was canceled.<\/p>/);
    expect(html).not.toContain('role="alert"');
  });

  it('R-000-auth-5: a provider that cannot be reached falls back to the login form, keeping next', async () => {
    const res = await new Agent(app.app).get('/accounts/oidc/start/?next=%2Fexplore%2F');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/accounts/login/?oidc_error=failed&next=%2Fexplore%2F');
  });
});
