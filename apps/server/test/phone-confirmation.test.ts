import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let numbers = 0;
/** A number of its own for each test: numbers move between accounts when confirmed. */
const newNumber = () => `+1 (555) 01${String(process.pid % 100).padStart(2, '0')}-${String(++numbers).padStart(3, '0')}`;
const e164 = (typed: string) => typed.replace(/[\s()-]/g, '');

/** The code texted last to `number`, read from the outbox (the embedded default keeps texts there). */
async function codeSentTo(number: string) {
  const sms = await t.db.selectFrom('outbox').selectAll().where('channel', '=', 'sms').where('recipient', '=', e164(number)).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /^(\d{6}) is your Shutter code/.exec(sms.body)![1]!;
}
const form = async (agent: Agent) => (await agent.get('/accounts/edit/?__a=1')).body.form_data as { phone_number: string; is_phone_confirmed: boolean };
/** The code was sent a minute ago: it may be replaced now. */
const aMinutePasses = (userId: string) => t.db.updateTable('phone_confirmations').set({ sent_at: new Date(Date.now() - 61_000) }).where('user_id', '=', userId).execute();

async function person() {
  const agent = new Agent(t.app);
  return { agent, user: await signUp(agent) };
}

describe(`phone confirmation by texted code (${databaseKind})`, () => {
  it('R-001-phone-confirm-1: a texted code confirms the number, which becomes the account\'s', async () => {
    const { agent } = await person();
    const number = newNumber();
    const sent = await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    expect(sent.body).toEqual({ phone_number: e164(number), resent: false, resend_after_ms: 60_000, status: 'ok' });
    expect(await form(agent)).toMatchObject({ is_phone_confirmed: false });
    const res = await agent.post('/accounts/confirm_phone/', { verification_code: await codeSentTo(number) });
    expect(res.body).toEqual({ phone_number: e164(number), is_phone_confirmed: true, status: 'ok' });
    expect(await form(agent)).toMatchObject({ phone_number: e164(number), is_phone_confirmed: true });
    // The code is spent.
    expect((await agent.post('/accounts/confirm_phone/', { verification_code: await codeSentTo(number) })).body.code).toBe('phone_code_none');
  });

  it('a number that is not one is a clear field error, and nothing is sent', async () => {
    const { agent } = await person();
    for (const phone_number of ['', '555-0100', '+0 555 0100', 'call me', `+1${'5'.repeat(20)}`]) {
      const res = await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number });
      expect(res.status).toBe(400);
      expect(res.body.errors.phone_number).toEqual(['Enter your phone number with its country code, such as +1 555 010 0199.']);
    }
  });

  it(`a wrong code is refused, and after ${PHONE_CODE_MAX_ATTEMPTS} wrong tries even the right one is`, async () => {
    const { agent, user } = await person();
    const number = newNumber();
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    const right = await codeSentTo(number);
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await agent.post('/accounts/confirm_phone/', { verification_code: wrong });
    expect(first.status).toBe(400);
    expect(first.body.errors.verification_code).toEqual(["That code isn't right. Check the text we sent and try again."]);
    for (let i = 1; i < PHONE_CODE_MAX_ATTEMPTS; i++) expect((await agent.post('/accounts/confirm_phone/', { verification_code: 'abc' })).status).toBe(400);
    const spent = await agent.post('/accounts/confirm_phone/', { verification_code: right });
    expect(spent.body.code).toBe('phone_code_attempts');
    expect(await form(agent)).toMatchObject({ is_phone_confirmed: false });
    // A new code starts over.
    await aMinutePasses(user.id);
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    expect((await agent.post('/accounts/confirm_phone/', { verification_code: await codeSentTo(number) })).status).toBe(200);
  });

  it('an expired code is refused', async () => {
    const { agent, user } = await person();
    const number = newNumber();
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    await t.db.updateTable('phone_confirmations').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    const res = await agent.post('/accounts/confirm_phone/', { verification_code: await codeSentTo(number) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('phone_code_expired');
    expect(await form(agent)).toMatchObject({ is_phone_confirmed: false });
  });

  it('a new code waits a minute, then replaces the last one and says it was resent', async () => {
    const { agent, user } = await person();
    const number = newNumber();
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    const first = await codeSentTo(number);
    const early = await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('phone_code_wait');
    await aMinutePasses(user.id);
    const again = await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    expect(again.body).toMatchObject({ resent: true });
    const second = await codeSentTo(number);
    if (first !== second) expect((await agent.post('/accounts/confirm_phone/', { verification_code: first })).status).toBe(400);
    expect((await agent.post('/accounts/confirm_phone/', { verification_code: second })).status).toBe(200);
  });

  it('no one can confirm a number with a code sent for another account', async () => {
    const { agent: owner } = await person();
    const { agent: other } = await person();
    const number = newNumber();
    await owner.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    const code = await codeSentTo(number);
    const stolen = await other.post('/accounts/confirm_phone/', { phone_number: number, verification_code: code });
    expect(stolen.status).toBe(400);
    expect(await form(other)).toMatchObject({ is_phone_confirmed: false, phone_number: '' });
    // Even with a code of its own pending for the number, the owner's code is worth nothing to it.
    await other.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    const othersCode = await codeSentTo(number);
    if (othersCode !== code) expect((await other.post('/accounts/confirm_phone/', { verification_code: code })).status).toBe(400);
    expect((await owner.post('/accounts/confirm_phone/', { verification_code: code })).status).toBe(200);
    expect(await form(owner)).toMatchObject({ is_phone_confirmed: true });
  });

  it('a visitor cannot ask for or use a code', async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.post('/accounts/send_confirm_phone_sms_code/', { phone_number: newNumber() })).status).toBe(401);
    expect((await visitor.post('/accounts/confirm_phone/', { verification_code: '123456' })).status).toBe(401);
  });

  it('a confirmed number gets a password reset link by text; any other number, the same answer and nothing', async () => {
    const { agent, user } = await person();
    const number = newNumber();
    const ask = (phone_number: string) => new Agent(t.app).post('/accounts/send_password_reset_sms/', { phone_number });
    const sentBefore = await ask(number);
    expect(sentBefore.status).toBe(200);
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', e164(number)).execute()).toHaveLength(0);
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    await agent.post('/accounts/confirm_phone/', { verification_code: await codeSentTo(number) });
    const sent = await ask(number);
    expect(sent.body).toEqual(sentBefore.body);
    const sms = await t.db.selectFrom('outbox').select('body').where('recipient', '=', e164(number)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+/.exec(sms.body)![0]);
    const uid = link.searchParams.get('uid')!;
    const token = link.searchParams.get('token')!;
    expect(uid).toBe(user.id);
    const res = await new Agent(t.app).post('/accounts/password/reset/confirm/', { uid, token, new_password1: 'texted reset secret', new_password2: 'texted reset secret' });
    expect(res.body).toEqual({ status: 'ok' });
    expect((await new Agent(t.app).post('/accounts/login/ajax/', { username: user.username, password: 'texted reset secret' })).status).toBe(200);
    expect((await ask('not a number')).body.errors.phone_number).toEqual(['Enter your phone number with its country code, such as +1 555 010 0199.']);
  });

  it('changing the number on the edit form makes it unconfirmed', async () => {
    const { agent } = await person();
    const number = newNumber();
    await agent.post('/accounts/send_confirm_phone_sms_code/', { phone_number: number });
    await agent.post('/accounts/confirm_phone/', { verification_code: await codeSentTo(number) });
    const data = (await agent.get('/accounts/edit/?__a=1')).body.form_data as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
    expect((await agent.post('/accounts/edit/', { ...fields, first_name: 'Same number' })).body).toEqual({ status: 'ok' });
    expect(await form(agent)).toMatchObject({ is_phone_confirmed: true });
    expect((await agent.post('/accounts/edit/', { ...fields, phone_number: '+44 20 7946 0000' })).body).toEqual({ status: 'ok' });
    expect(await form(agent)).toMatchObject({ is_phone_confirmed: false });
  });
});
