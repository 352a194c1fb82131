import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { ONE_TAP_COOKIE } from '@shutter/contract';
import { Agent, signUp, type AgentResponse } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signUp>>;
interface OneTapAccount { user_id: string; username: string; profile_pic_url: string; login_nonce: string }

const landing = async (agent: Agent) => {
  const res = await agent.get('/?__a=1');
  expect(res.status).toBe(200);
  return res;
};
const accountsOf = async (agent: Agent) => (await landing(agent)).body.one_tap_accounts as OneTapAccount[];
const viewerOf = async (agent: Agent) => (await agent.get('/data/shared_data/')).body.config.viewer;
const logOut = (agent: Agent) => agent.post('/accounts/logout/');
const continueAs = (agent: Agent, userId: string, nonce: string) => agent.post('/accounts/one_tap_web_login/', { user_id: userId, login_nonce: nonce });

const expectRefused = (res: AgentResponse) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ status: 'fail', code: 'one_tap_expired' });
};

/** A new person who saved their login info in this browser, then logged out. */
async function savedAndLoggedOut(agent = new Agent(t.app)): Promise<{ agent: Agent; person: Person }> {
  const person = await signUp(agent);
  const saved = await agent.post('/accounts/one_tap/save/');
  expect(saved.status).toBe(200);
  expect((await logOut(agent)).status).toBe(200);
  return { agent, person };
}

describe(`one-tap login (${databaseKind})`, () => {
  it('R-000-auth-2: after saving the login info and logging out, the landing data of that browser offers the account, and of no other', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    expect((await agent.get('/accounts/onetap/?__a=1')).body).toEqual({ one_tap_saved: false, status: 'ok' });
    expect((await agent.post('/accounts/one_tap/save/')).status).toBe(200);
    const cookie = agent.cookies.get(ONE_TAP_COOKIE);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The upsell is skipped once this browser holds the account's saved login; saving again keeps the token.
    expect((await agent.get('/accounts/onetap/?__a=1')).body.one_tap_saved).toBe(true);
    expect((await agent.post('/accounts/one_tap/save/')).status).toBe(200);
    expect(agent.cookies.get(ONE_TAP_COOKIE)).toBe(cookie);
    const row = await t.db.selectFrom('users').select('opt_into_one_tap').where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(row.opt_into_one_tap).toBe(true);

    await logOut(agent);
    const page = await landing(agent);
    expect(page.body.one_tap_accounts).toEqual([{ user_id: person.id, username: person.username, profile_pic_url: expect.any(String), login_nonce: expect.any(String) }]);
    // Per browser, with a fresh nonce each time: never kept by a shared cache.
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect((await accountsOf(new Agent(t.app)))).toEqual([]);
    // The stored values are hashes, not the cookie's token.
    const stored = await t.db.selectFrom('one_tap_tokens').selectAll().where('user_id', '=', person.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(cookie);
  });

  it('a suspended account is refused by "Continue as" as at login: account_suspended with its appeal token, no session', async () => {
    const { agent, person } = await savedAndLoggedOut();
    await t.db.insertInto('account_standing').values({ user_id: person.id, suspended_at: new Date(), purge_after: new Date(Date.now() + 86_400_000) }).execute();
    const [account] = await accountsOf(agent);
    const res = await continueAs(agent, person.id, account!.login_nonce);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ authenticated: false, status: 'fail', error_type: 'account_suspended', appeal_token: expect.any(String) });
    expect(await viewerOf(agent)).toBeNull();
  });

  it('R-000-auth-2: "Continue as" logs in with the nonce once; the nonce is single use and every landing page mints a new one', async () => {
    const { agent, person } = await savedAndLoggedOut();
    const [first] = await accountsOf(agent);
    const [second] = await accountsOf(agent);
    expect(second!.login_nonce).not.toBe(first!.login_nonce);
    // The earlier page's nonce was replaced by the later one's.
    expectRefused(await continueAs(agent, person.id, first!.login_nonce));
    const res = await continueAs(agent, person.id, second!.login_nonce);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ authenticated: true, user: true, userId: person.id, status: 'ok' });
    expect((await viewerOf(agent))?.username).toBe(person.username);

    await logOut(agent);
    expectRefused(await continueAs(agent, person.id, second!.login_nonce));
    expect(await viewerOf(agent)).toBeNull();
    const [again] = await accountsOf(agent);
    expect((await continueAs(agent, person.id, again!.login_nonce)).status).toBe(200);
  });

  it('R-000-auth-2: a browser cannot continue as an account it did not save, even with that account\'s nonce', async () => {
    const { agent: alices, person: alice } = await savedAndLoggedOut();
    const { agent: bobs, person: bob } = await savedAndLoggedOut();
    const [aliceEntry] = await accountsOf(alices);
    // Bob's browser holds Bob's token only: Alice's id (with her own page's nonce) is refused.
    expectRefused(await continueAs(bobs, alice.id, aliceEntry!.login_nonce));
    // Alice's browser asking for Bob, and a browser with no saved login at all.
    const [bobEntry] = await accountsOf(bobs);
    expectRefused(await continueAs(alices, bob.id, bobEntry!.login_nonce));
    expectRefused(await continueAs(new Agent(t.app), alice.id, aliceEntry!.login_nonce));
    expect(await viewerOf(bobs)).toBeNull();
    expect(await viewerOf(alices)).toBeNull();
    // A forged cookie is no better.
    const forger = new Agent(t.app);
    forger.cookies.set(ONE_TAP_COOKIE, 'A'.repeat(43));
    expectRefused(await continueAs(forger, alice.id, aliceEntry!.login_nonce));
    // Bad input is a 400, never a 500.
    expect((await continueAs(alices, 'not-an-id', 'x')).status).toBe(400);
    expect((await alices.post('/accounts/one_tap_web_login/', { user_id: alice.id })).status).toBe(400);
    // Alice's own nonce from the same page was spent by none of these: still good for her browser.
    expect((await continueAs(alices, alice.id, aliceEntry!.login_nonce)).status).toBe(200);
  });

  it('a new password ends the saved logins made before it', async () => {
    const { agent, person } = await savedAndLoggedOut();
    const [entry] = await accountsOf(agent);
    const other = new Agent(t.app);
    expect((await other.post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(200);
    const changed = await other.post('/accounts/password/change/', { old_password: person.password, new_password1: 'a brand new secret', new_password2: 'a brand new secret' });
    expect(changed.status).toBe(200);
    expectRefused(await continueAs(agent, person.id, entry!.login_nonce));
    expect(await accountsOf(agent)).toEqual([]);
    expect(await viewerOf(agent)).toBeNull();
  });

  it('a disavowed login ends the account\'s saved logins', async () => {
    const { agent, person } = await savedAndLoggedOut();
    const owner = new Agent(t.app);
    await owner.post('/accounts/login/ajax/', { username: person.username, password: person.password });
    const stranger = new Agent(t.app, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', '203.0.113.77');
    expect((await stranger.post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(200);
    const logins = (await owner.get('/session/login_activity/?__a=1')).body.suspicious_logins as { id: string }[];
    expect(logins.length).toBeGreaterThan(0);
    expect((await owner.post('/session/login_activity/disavow_login/', { login_id: logins[0]!.id })).status).toBe(200);
    expect(await accountsOf(agent)).toEqual([]);
  });

  it('Remove forgets the account in this browser only', async () => {
    const { agent, person } = await savedAndLoggedOut();
    // A second account saved in the same browser comes first (newest first).
    const second = await signUp(agent);
    await agent.post('/accounts/one_tap/save/');
    await logOut(agent);
    expect((await accountsOf(agent)).map((a) => a.username)).toEqual([second.username, person.username]);
    // Removing an account this browser did not save changes nothing.
    expect((await agent.post('/accounts/one_tap/remove/', { user_id: '12345' })).status).toBe(200);
    expect(await accountsOf(agent)).toHaveLength(2);
    const [entry] = (await accountsOf(agent)).filter((a) => a.user_id === person.id);
    expect((await agent.post('/accounts/one_tap/remove/', { user_id: person.id })).status).toBe(200);
    expect((await accountsOf(agent)).map((a) => a.username)).toEqual([second.username]);
    expectRefused(await continueAs(agent, person.id, entry!.login_nonce));
    expect((await agent.post('/accounts/one_tap/remove/', { user_id: second.id })).status).toBe(200);
    expect(agent.cookies.has(ONE_TAP_COOKIE)).toBe(false);
    expect(await accountsOf(agent)).toEqual([]);
    expect((await agent.post('/accounts/one_tap/remove/', { user_id: 'x' })).status).toBe(400);
  });

  it('saving needs a session; with two-factor on, one-tap asks for the code unless the browser is trusted', async () => {
    expect((await new Agent(t.app).post('/accounts/one_tap/save/')).status).toBe(401);
    const { agent, person } = await savedAndLoggedOut();
    const helper = new Agent(t.app);
    await helper.post('/accounts/login/ajax/', { username: person.username, password: person.password });
    const key = await helper.post('/accounts/two_factor_authentication/totp/generate_key/');
    const secret = key.body.totp_seed as string;
    expect((await helper.post('/accounts/two_factor_authentication/totp/enable/', { verification_code: await generate({ secret }) })).status).toBe(200);

    const [entry] = await accountsOf(agent);
    const res = await continueAs(agent, person.id, entry!.login_nonce);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ authenticated: false, two_factor_required: true, two_factor_info: { username: person.username } });
    expect(await viewerOf(agent)).toBeNull();
  });
});
