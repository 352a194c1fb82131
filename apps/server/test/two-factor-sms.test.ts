import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { BACKUP_CODE_COUNT, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_RESEND_AFTER_MS } from '@shutter/contract';
import { Agent, signUp, type AgentResponse } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const BASE = '/accounts/two_factor_authentication';
type Person = Awaited<ReturnType<typeof signUp>>;

let numbers = 0;
/** A number of its own for each person: a number is confirmed on one account at a time. */
const newNumber = () => `+1 (555) 02${String(process.pid % 100).padStart(2, '0')}-${String(++numbers).padStart(3, '0')}`;
const e164 = (typed: string) => typed.replace(/[\s()-]/g, '');
const lastFour = (typed: string) => e164(typed).slice(-4);

/** The code texted last to `number` (the embedded default keeps texts in the outbox). */
async function codeSentTo(number: string, kind: 'login' | 'setup') {
  const sms = await t.db.selectFrom('outbox').selectAll().where('channel', '=', 'sms').where('recipient', '=', e164(number)).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const match = (kind === 'login' ? /^(\d{6}) is your Shutter login code/ : /^(\d{6}) is your Shutter code to turn on two-factor/).exec(sms.body);
  expect(match, sms.body).not.toBeNull();
  return match![1]!;
}
const textsTo = async (number: string) => (await t.db.selectFrom('outbox').select('id').where('recipient', '=', e164(number)).execute()).length;
/** The last code was sent a wait ago: another may be asked for now. */
const waitPasses = (userId: string) =>
  t.db.updateTable('two_factor_sms_codes').set({ sent_at: new Date(Date.now() - PHONE_CODE_RESEND_AFTER_MS - 1000) }).where('user_id', '=', userId).execute();

const state = async (agent: Agent) => (await agent.get(`${BASE}/?__a=1`)).body;
const expectFailure = (res: AgentResponse, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ status: 'fail', code });
  expect(res.body.message).toEqual(expect.any(String));
};
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** A new person with texted codes on; their agent stays logged in. */
async function withSms() {
  const agent = new Agent(t.app);
  const person = await signUp(agent);
  const number = newNumber();
  expect((await agent.post(`${BASE}/sms/send_code/`, { phone_number: number })).status).toBe(200);
  const enabled = await agent.post(`${BASE}/sms/enable/`, { phone_number: number, verification_code: await codeSentTo(number, 'setup') });
  expect(enabled.status, enabled.text).toBe(200);
  return { agent, person, number, backupCodes: enabled.body.backup_codes as string[] };
}

async function challenge(person: Person, agent = new Agent(t.app)) {
  const res = await agent.post('/accounts/login/ajax/', { username: person.username, password: person.password });
  expect(res.status).toBe(400);
  expect(res.body.two_factor_required).toBe(true);
  return { agent, res, identifier: res.body.two_factor_info.two_factor_identifier as string };
}
const sendLoginCode = (agent: Agent, person: Person, identifier: string) =>
  agent.post('/accounts/login/ajax/two_factor/send_code/', { username: person.username, identifier });
const answer = (agent: Agent, person: Person, identifier: string, verificationCode: string) =>
  agent.post('/accounts/login/ajax/two_factor/', { username: person.username, identifier, verificationCode });
const viewerOf = async (agent: Agent) => (await agent.get('/data/shared_data/')).body.config.viewer;

describe(`two-factor authentication by texted codes (${databaseKind})`, () => {
  it('R-001-two-factor-1: the phone form offers the confirmed number; a code is requested, sent, then resent after the wait', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    expect(await state(agent)).toMatchObject({ two_factor_enabled: false, sms_two_factor_enabled: false, phone_number: null });
    const confirmed = newNumber();
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: confirmed });
    const sms = await t.db.selectFrom('outbox').select('body').where('recipient', '=', e164(confirmed)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await agent.post('/accounts/confirm_phone/', { verification_code: sms.body.slice(0, 6) })).status).toBe(200);
    expect(await state(agent)).toMatchObject({ sms_two_factor_enabled: false, phone_number: e164(confirmed) });

    const number = newNumber();
    const sent = await agent.post(`${BASE}/sms/send_code/`, { phone_number: number });
    expect(sent.body).toEqual({ resent: false, last_four_digits: lastFour(number), status: 'ok' });
    const early = await agent.post(`${BASE}/sms/send_code/`, { phone_number: number });
    expectFailure(early, 429, 'phone_code_wait');
    expect(early.body.params.seconds).toBeGreaterThan(0);
    expect(await textsTo(number)).toBe(1);
    const first = await codeSentTo(number, 'setup');

    await waitPasses(person.id);
    const again = await agent.post(`${BASE}/sms/send_code/`, { phone_number: number });
    expect(again.body).toEqual({ resent: true, last_four_digits: lastFour(number), status: 'ok' });
    const second = await codeSentTo(number, 'setup');
    if (second !== first) {
      // The new code replaced the first one.
      const stale = await agent.post(`${BASE}/sms/enable/`, { phone_number: number, verification_code: first });
      expect(stale.status).toBe(400);
      expect(stale.body.errors.verification_code).toHaveLength(1);
    }
    expect((await state(agent)).sms_two_factor_enabled).toBe(false);
  });

  it('R-001-two-factor-2: the texted code turns it on, answers backup codes, and confirms the number on the account', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    const number = newNumber();
    await agent.post(`${BASE}/sms/send_code/`, { phone_number: number });
    const code = await codeSentTo(number, 'setup');
    // Another number than the one texted is not what the code proves.
    expectFailure(await agent.post(`${BASE}/sms/enable/`, { phone_number: newNumber(), verification_code: code }), 400, 'phone_code_none');
    const wrong = await agent.post(`${BASE}/sms/enable/`, { phone_number: number, verification_code: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.verification_code).toEqual(["That code isn't right. Check the text we sent and try again."]);

    const enabled = await agent.post(`${BASE}/sms/enable/`, { phone_number: number, verification_code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ backup_codes: expect.any(Array), backup_codes_kept: false, status: 'ok' });
    expect(new Set(enabled.body.backup_codes).size).toBe(BACKUP_CODE_COUNT);
    expect(await state(agent)).toEqual({
      two_factor_enabled: true, totp_two_factor_enabled: false, sms_two_factor_enabled: true, phone_number: e164(number), backup_codes_remaining: BACKUP_CODE_COUNT, status: 'ok',
    });
    const form = (await agent.get('/accounts/edit/?__a=1')).body.form_data;
    expect(form).toMatchObject({ phone_number: e164(number), is_phone_confirmed: true });
    // The code is spent, and the method is on.
    expectFailure(await agent.post(`${BASE}/sms/enable/`, { phone_number: number, verification_code: code }), 400, 'two_factor_sms_already_on');
    expectFailure(await agent.post(`${BASE}/sms/send_code/`, { phone_number: number }), 400, 'two_factor_sms_already_on');
    // Turned on by texts, the account meets the challenge at login.
    expect((await challenge(person)).res.body.two_factor_info.sms_two_factor_on).toBe(true);
  });

  it('a login meets the challenge with a texted code, resent only after the wait; the code logs in once', async () => {
    const { person, number } = await withSms();
    const before = await textsTo(number);
    const { agent, res, identifier } = await challenge(person);
    expect(res.body.two_factor_info).toEqual({
      two_factor_identifier: identifier, username: person.username, totp_two_factor_on: false, sms_two_factor_on: true, obfuscated_phone_number: lastFour(number),
    });
    expect(res.body.message).toContain(lastFour(number));
    expect(agent.cookies.has('sessionid')).toBe(false);
    // The login texted a code right away.
    expect(await textsTo(number)).toBe(before + 1);
    const first = await codeSentTo(number, 'login');

    expectFailure(await sendLoginCode(agent, person, identifier), 429, 'phone_code_wait');
    await waitPasses(person.id);
    const resent = await sendLoginCode(agent, person, identifier);
    expect(resent.body).toEqual({ resent: true, two_factor_info: { obfuscated_phone_number: lastFour(number) }, status: 'ok' });
    const second = await codeSentTo(number, 'login');
    if (second !== first) expectFailure(await answer(agent, person, identifier, first), 400, 'two_factor_code_wrong');

    const ok = await answer(agent, person, identifier, second);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ authenticated: true, userId: person.id, status: 'ok' });
    expect((await viewerOf(agent)).username).toBe(person.username);

    // Used once: the same code opens no other login.
    const again = await challenge(person);
    expectFailure(await answer(again.agent, person, again.identifier, second), 400, 'two_factor_code_wrong');
    expect(await viewerOf(again.agent)).toBeNull();
  });

  it(`a wrong code is refused; after ${PHONE_CODE_MAX_ATTEMPTS} wrong ones the texted code is dead; an expired one says so`, async () => {
    const { person, number, backupCodes } = await withSms();
    const { agent, identifier } = await challenge(person);
    const code = await codeSentTo(number, 'login');
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) expectFailure(await answer(agent, person, identifier, otherCode(code)), 400, 'two_factor_code_wrong');
    expectFailure(await answer(agent, person, identifier, code), 400, 'two_factor_code_wrong');
    // A backup code still works.
    expect((await answer(agent, person, identifier, backupCodes[0]!)).status).toBe(200);

    const { person: other, number: otherNumber } = await withSms();
    const late = await challenge(other);
    await t.db.updateTable('two_factor_sms_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', other.id).execute();
    expectFailure(await answer(late.agent, other, late.identifier, await codeSentTo(otherNumber, 'login')), 400, 'phone_code_expired');
    expect(await viewerOf(late.agent)).toBeNull();
  });

  it('R-001-two-factor-3: turning texted codes off asks for the password; with no method left, login is direct', async () => {
    const { agent, person } = await withSms();
    const wrong = await agent.post(`${BASE}/sms/disable/`, { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 'fail', code: 'password_wrong', errors: { password: [expect.any(String)] } });
    expect((await state(agent)).sms_two_factor_enabled).toBe(true);
    expect((await agent.post(`${BASE}/sms/disable/`, { password: person.password })).status).toBe(200);
    expect(await state(agent)).toMatchObject({ two_factor_enabled: false, sms_two_factor_enabled: false, backup_codes_remaining: 0 });
    expectFailure(await agent.post(`${BASE}/sms/disable/`, { password: person.password }), 400, 'two_factor_sms_off');
    const login = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect(login.status).toBe(200);
    expect(login.body.authenticated).toBe(true);
  });

  it('each method is on by itself; the second one keeps the backup codes, and either code answers the challenge', async () => {
    const { agent, person, number, backupCodes } = await withSms();
    const key = await agent.post(`${BASE}/totp/generate_key/`);
    const secret = key.body.totp_seed as string;
    const totp = await agent.post(`${BASE}/totp/enable/`, { verification_code: await generate({ secret }) });
    expect(totp.body).toEqual({ backup_codes: [], backup_codes_kept: true, status: 'ok' });
    expect(await state(agent)).toMatchObject({ two_factor_enabled: true, totp_two_factor_enabled: true, sms_two_factor_enabled: true, backup_codes_remaining: BACKUP_CODE_COUNT });

    const both = await challenge(person);
    expect(both.res.body.two_factor_info).toMatchObject({ totp_two_factor_on: true, sms_two_factor_on: true, obfuscated_phone_number: lastFour(number) });
    expect((await answer(both.agent, person, both.identifier, await codeSentTo(number, 'login'))).status).toBe(200);

    // Texted codes off: the app and the backup codes stay.
    expect((await agent.post(`${BASE}/sms/disable/`, { password: person.password })).status).toBe(200);
    expect(await state(agent)).toMatchObject({ two_factor_enabled: true, totp_two_factor_enabled: true, sms_two_factor_enabled: false, backup_codes_remaining: BACKUP_CODE_COUNT });
    const appOnly = await challenge(person);
    expect(appOnly.res.body.two_factor_info).toMatchObject({ totp_two_factor_on: true, sms_two_factor_on: false, obfuscated_phone_number: null });
    expectFailure(await sendLoginCode(appOnly.agent, person, appOnly.identifier), 400, 'two_factor_sms_off');
    expect((await answer(appOnly.agent, person, appOnly.identifier, backupCodes[1]!)).status).toBe(200);
  });

  it("someone else's identifier is refused, and the settings are the owner's only", async () => {
    const a = await withSms();
    const b = await withSms();
    const ofB = await challenge(b.person);
    expectFailure(await sendLoginCode(ofB.agent, a.person, ofB.identifier), 400, 'two_factor_login_expired');
    expectFailure(await sendLoginCode(ofB.agent, a.person, 'made-up-identifier'), 400, 'two_factor_login_expired');
    expectFailure(await answer(ofB.agent, a.person, ofB.identifier, await codeSentTo(b.number, 'login')), 400, 'two_factor_login_expired');
    expect(await viewerOf(ofB.agent)).toBeNull();

    const visitor = new Agent(t.app);
    for (const path of ['sms/send_code/', 'sms/enable/', 'sms/disable/']) {
      const body = { phone_number: a.number, verification_code: '123456', password: a.person.password };
      expect((await visitor.post(`${BASE}/${path}`, body)).status, path).toBe(401);
      expect((await a.agent.post(`${BASE}/${path}`, body, { csrf: false })).status, path).toBe(403);
    }
    // Another person's settings change only their own.
    const other = new Agent(t.app);
    const otherPerson = await signUp(other);
    expectFailure(await other.post(`${BASE}/sms/disable/`, { password: otherPerson.password }), 400, 'two_factor_sms_off');
    expect((await state(a.agent)).sms_two_factor_enabled).toBe(true);
  });

  it('bad input is a clear 400 and sends nothing', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    for (const phone_number of ['', '555-0100', 'call me', `+1${'5'.repeat(20)}`]) {
      const res = await agent.post(`${BASE}/sms/send_code/`, { phone_number });
      expect(res.status).toBe(400);
      expect(res.body.errors.phone_number).toHaveLength(1);
    }
    expect((await agent.post(`${BASE}/sms/enable/`, { phone_number: newNumber() })).status).toBe(400);
    expectFailure(await agent.post(`${BASE}/sms/enable/`, { phone_number: newNumber(), verification_code: '123456' }), 400, 'phone_code_none');
    const res = await new Agent(t.app).post('/accounts/login/ajax/two_factor/send_code/', { username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
  });
});
