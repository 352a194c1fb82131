import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, TWO_FACTOR_LIMIT_PER_ACCOUNT } from '@shutter/contract';
import { Agent, signUp, type AgentResponse } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const BASE = '/accounts/two_factor_authentication';
const LOGIN_FAILED = 'Sorry, your username or password was incorrect. Please double-check them and try again.';

/** The code of the step `steps` away from now (codes of a step already used are refused). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

type Person = Awaited<ReturnType<typeof signUp>>;

/** A new person with two-factor on (enabled with the current step's code); their agent stays logged in. */
async function withTwoFactor() {
  const agent = new Agent(t.app);
  const person = await signUp(agent);
  const key = await agent.post(`${BASE}/totp/generate_key/`);
  expect(key.status).toBe(200);
  const secret = key.body.totp_seed as string;
  const enabled = await agent.post(`${BASE}/totp/enable/`, { verification_code: await codeAt(secret) });
  expect(enabled.status).toBe(200);
  return { agent, person, secret, backupCodes: enabled.body.backup_codes as string[] };
}

const state = async (agent: Agent) => (await agent.get(`${BASE}/?__a=1`)).body;

/** A password login from a fresh browser (or `agent`): the answer and the browser. */
async function passwordLogin(person: Person, agent = new Agent(t.app), password = person.password) {
  const res = await agent.post('/accounts/login/ajax/', { username: person.username, password });
  return { res, agent };
}

async function challenge(person: Person, agent = new Agent(t.app)) {
  const { res } = await passwordLogin(person, agent);
  expect(res.status).toBe(400);
  return { agent, identifier: res.body.two_factor_info.two_factor_identifier as string };
}

const answer = (agent: Agent, person: Person, identifier: string, verificationCode: string, extra: Record<string, string> = {}) =>
  agent.post('/accounts/login/ajax/two_factor/', { username: person.username, identifier, verificationCode, ...extra });

const viewerOf = async (agent: Agent) => (await agent.get('/data/shared_data/')).body.config.viewer;

const expectFailure = (res: AgentResponse, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ status: 'fail', code });
  expect(res.body.message).toEqual(expect.any(String));
};

describe(`two-factor authentication (${databaseKind})`, () => {
  it('R-001-two-factor-2: a pending key, replaced when generated again, turns on with a code from it and answers backup codes', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    expect(await state(agent)).toEqual({
      two_factor_enabled: false, totp_two_factor_enabled: false, sms_two_factor_enabled: false, phone_number: null, backup_codes_remaining: 0, status: 'ok',
    });
    expectFailure(await agent.post(`${BASE}/totp/enable/`, { verification_code: '123456' }), 400, 'two_factor_no_pending_key');

    const first = await agent.post(`${BASE}/totp/generate_key/`);
    expect(first.status).toBe(200);
    expect(first.body.totp_seed).toMatch(/^[A-Z2-7]+=*$/);
    expect(first.body.otpauth_uri).toBe(`otpauth://totp/Shutter:${person.username}?secret=${first.body.totp_seed}&issuer=Shutter`);
    // Pending is not on.
    expect((await state(agent)).two_factor_enabled).toBe(false);
    expect((await passwordLogin(person)).res.status).toBe(200);

    const second = await agent.post(`${BASE}/totp/generate_key/`);
    expect(second.body.totp_seed).not.toBe(first.body.totp_seed);
    expectFailure(await agent.post(`${BASE}/totp/enable/`, { verification_code: await codeAt(first.body.totp_seed) }), 400, 'two_factor_code_wrong');
    expectFailure(await agent.post(`${BASE}/totp/enable/`, { verification_code: 'not a code' }), 400, 'two_factor_code_wrong');

    const code = await codeAt(second.body.totp_seed);
    const enabled = await agent.post(`${BASE}/totp/enable/`, { verification_code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enabled.status).toBe(200);
    expect(enabled.body.status).toBe('ok');
    expect(enabled.body.backup_codes).toHaveLength(BACKUP_CODE_COUNT);
    for (const c of enabled.body.backup_codes) expect(c).toMatch(new RegExp(`^\\d{${BACKUP_CODE_LENGTH}}$`));
    expect(new Set(enabled.body.backup_codes).size).toBe(BACKUP_CODE_COUNT);
    expect(await state(agent)).toMatchObject({ two_factor_enabled: true, totp_two_factor_enabled: true, backup_codes_remaining: BACKUP_CODE_COUNT });
    // On: no new key, and the secret is never answered again.
    expectFailure(await agent.post(`${BASE}/totp/generate_key/`), 400, 'two_factor_already_on');
    expect(JSON.stringify(await state(agent))).not.toContain(second.body.totp_seed);
  });

  it('R-001-two-factor-3: the right password meets the challenge with no session; a code from the seed logs in, once', async () => {
    const { person, secret } = await withTwoFactor();
    const wrong = await passwordLogin(person, new Agent(t.app), 'not the password');
    expect(wrong.res.status).toBe(400);
    expect(wrong.res.body).toEqual({ authenticated: false, status: 'fail', message: LOGIN_FAILED });

    const { res, agent } = await passwordLogin(person);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      authenticated: false, two_factor_required: true, status: 'fail', message: expect.any(String),
      two_factor_info: {
        two_factor_identifier: expect.any(String), username: person.username, totp_two_factor_on: true, sms_two_factor_on: false, obfuscated_phone_number: null,
      },
    });
    expect(agent.cookies.has('sessionid')).toBe(false);
    expect(await viewerOf(agent)).toBeNull();
    const identifier = res.body.two_factor_info.two_factor_identifier as string;

    expectFailure(await answer(agent, person, identifier, '000000'), 400, 'two_factor_code_wrong');
    const code = await codeAt(secret, 1);
    const ok = await answer(agent, person, identifier, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ authenticated: true, userId: person.id, status: 'ok' });
    expect((await viewerOf(agent)).username).toBe(person.username);

    // The same code in another login is a replay; the spent identifier opens nothing.
    const again = await challenge(person);
    expectFailure(await answer(again.agent, person, again.identifier, code), 400, 'two_factor_code_wrong');
    expectFailure(await answer(again.agent, person, identifier, code), 400, 'two_factor_login_expired');
    expect(await viewerOf(again.agent)).toBeNull();
  });

  it('R-001-two-factor-4: a backup code logs in once; new codes make the old ones fail', async () => {
    const { agent: owner, person, backupCodes } = await withTwoFactor();
    const first = await challenge(person);
    const spaced = `${backupCodes[0]!.slice(0, 4)} ${backupCodes[0]!.slice(4)}`;
    expect((await answer(first.agent, person, first.identifier, spaced)).status).toBe(200);
    expect((await state(owner)).backup_codes_remaining).toBe(BACKUP_CODE_COUNT - 1);

    const second = await challenge(person);
    expectFailure(await answer(second.agent, person, second.identifier, backupCodes[0]!), 400, 'two_factor_code_wrong');

    const refused = await owner.post(`${BASE}/backup_codes/regenerate/`, { password: 'not the password' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.password).toHaveLength(1);
    const fresh = await owner.post(`${BASE}/backup_codes/regenerate/`, { password: person.password });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backup_codes).toHaveLength(BACKUP_CODE_COUNT);
    expect((await state(owner)).backup_codes_remaining).toBe(BACKUP_CODE_COUNT);
    expectFailure(await answer(second.agent, person, second.identifier, backupCodes[1]!), 400, 'two_factor_code_wrong');
    expect((await answer(second.agent, person, second.identifier, fresh.body.backup_codes[0])).status).toBe(200);
  });

  it('R-001-two-factor-6: turning off asks for the password; off, login is direct again', async () => {
    const { agent, person } = await withTwoFactor();
    const wrong = await agent.post(`${BASE}/totp/disable/`, { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 'fail', code: 'password_wrong', errors: { password: [expect.any(String)] } });
    expect((await state(agent)).two_factor_enabled).toBe(true);

    expect((await agent.post(`${BASE}/totp/disable/`, { password: person.password })).status).toBe(200);
    expect(await state(agent)).toMatchObject({ two_factor_enabled: false, totp_two_factor_enabled: false, backup_codes_remaining: 0 });
    expectFailure(await agent.post(`${BASE}/totp/disable/`, { password: person.password }), 400, 'two_factor_not_on');
    const { res } = await passwordLogin(person);
    expect(res.status).toBe(200);
    expect(res.body.authenticated).toBe(true);
  });

  it('a trusted browser skips the challenge, until the password changes', async () => {
    const { person, backupCodes } = await withTwoFactor();
    const { agent, identifier } = await challenge(person);
    const ok = await answer(agent, person, identifier, backupCodes[0]!, { trust_signin: '1' });
    expect(ok.status).toBe(200);
    const cookie = ok.headers['set-cookie'];
    const trust = (Array.isArray(cookie) ? cookie : [String(cookie)]).find((c) => c.startsWith('trusted_device='));
    expect(trust).toMatch(/HttpOnly/i);
    expect(trust).toMatch(/SameSite=Lax/i);
    expect(trust).toMatch(new RegExp(`Max-Age=${30 * 24 * 3600}`));

    expect((await agent.post('/accounts/logout/')).status).toBe(200);
    expect((await passwordLogin(person, agent)).res.status).toBe(200);
    // Another browser still meets the challenge.
    expect((await passwordLogin(person)).res.body.two_factor_required).toBe(true);

    const newPassword = 'a much newer secret';
    const changed = await agent.post('/accounts/password/change/', { old_password: person.password, new_password1: newPassword, new_password2: newPassword });
    expect(changed.status).toBe(200);
    expect((await agent.post('/accounts/logout/')).status).toBe(200);
    const after = await passwordLogin(person, agent, newPassword);
    expect(after.res.status).toBe(400);
    expect(after.res.body.two_factor_required).toBe(true);
  });

  it(`wrong codes are limited per account: ${TWO_FACTOR_LIMIT_PER_ACCOUNT.max}, then 429 even with the right one`, async () => {
    const { person, backupCodes } = await withTwoFactor();
    for (let i = 0; i < TWO_FACTOR_LIMIT_PER_ACCOUNT.max; i++) {
      // Each from another browser and address: the limit is the account's.
      const { agent, identifier } = await challenge(person);
      expectFailure(await answer(agent, person, identifier, String(100000 + i)), 400, 'two_factor_code_wrong');
    }
    const { agent, identifier } = await challenge(person);
    const limited = await answer(agent, person, identifier, backupCodes[0]!);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await viewerOf(agent)).toBeNull();
  });

  it("an identifier of another account, a spent one or an expired one is refused", async () => {
    const a = await withTwoFactor();
    const b = await withTwoFactor();
    const ofB = await challenge(b.person);
    expectFailure(await answer(ofB.agent, a.person, ofB.identifier, a.backupCodes[0]!), 400, 'two_factor_login_expired');
    expectFailure(await answer(ofB.agent, a.person, 'made-up-identifier', a.backupCodes[0]!), 400, 'two_factor_login_expired');

    const ofA = await challenge(a.person);
    await t.db.updateTable('two_factor_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', a.person.id).execute();
    expectFailure(await answer(ofA.agent, a.person, ofA.identifier, a.backupCodes[0]!), 400, 'two_factor_login_expired');
    // Nothing was spent by the refused attempts.
    expect((await state(a.agent)).backup_codes_remaining).toBe(BACKUP_CODE_COUNT);
    const live = await challenge(a.person);
    expect((await answer(live.agent, a.person, live.identifier, a.backupCodes[0]!)).status).toBe(200);
    expectFailure(await answer(live.agent, a.person, live.identifier, a.backupCodes[1]!), 400, 'two_factor_login_expired');
  });

  it('a visitor cannot open or change the settings; a forged request is refused; another person changes only their own', async () => {
    const owner = await withTwoFactor();
    const visitor = new Agent(t.app);
    expect((await visitor.get(`${BASE}/?__a=1`)).status).toBe(401);
    for (const path of ['totp/generate_key/', 'totp/enable/', 'totp/disable/', 'backup_codes/regenerate/']) {
      const res = await visitor.post(`${BASE}/${path}`, { verification_code: '123456', password: owner.person.password });
      expect(res.status, path).toBe(401);
      expect((await owner.agent.post(`${BASE}/${path}`, { password: owner.person.password }, { csrf: false })).status, path).toBe(403);
    }
    const other = new Agent(t.app);
    await signUp(other);
    expectFailure(await other.post(`${BASE}/totp/disable/`, { password: 'correct horse battery' }), 400, 'two_factor_not_on');
    expect((await state(owner.agent)).two_factor_enabled).toBe(true);
  });

  it('R-001-two-factor-5: the app option is offered only to an account with a password', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    expect(await state(agent)).toHaveProperty('totp_two_factor_enabled', false);
    await t.db.updateTable('users').set({ password_hash: '' }).where('id', '=', person.id).execute();
    const shown = await state(agent);
    expect(shown).not.toHaveProperty('totp_two_factor_enabled');
    expect(shown).toMatchObject({ two_factor_enabled: false, sms_two_factor_enabled: false, phone_number: null, status: 'ok' });
    expectFailure(await agent.post(`${BASE}/totp/generate_key/`), 400, 'two_factor_not_eligible');
  });

  it('bad bodies are clear 400s', async () => {
    const { agent } = await withTwoFactor();
    expect((await agent.post(`${BASE}/totp/disable/`, {})).status).toBe(400);
    const res = await new Agent(t.app).post('/accounts/login/ajax/two_factor/', { username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
  });
});
