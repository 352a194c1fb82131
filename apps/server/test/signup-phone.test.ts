import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS } from '@shutter/contract';
import { Agent, newPerson } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t.close(); });

let n = 0;
/** A number of the fictional 555-01xx range, new for each test. */
const newPhone = () => `+1 (555) 01${String(process.pid % 100).padStart(2, '0')}-${String((n += 1) + Math.floor(Math.random() * 9000)).padStart(4, '0')}`;
const e164 = (phone: string) => phone.replace(/[\s()-]/g, '');

async function codeSentTo(phone: string) {
  const sms = await t.db.selectFrom('outbox').select(['body', 'channel']).where('recipient', '=', e164(phone)).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(sms.channel).toBe('sms');
  return /(\d{6})/.exec(sms.body)![1]!;
}

/** Sends a code far enough apart in time: the resend wait is moved back in the row. */
async function allowResend(phone: string) {
  await t.db.updateTable('signup_phone_codes').set({ sent_at: new Date(Date.now() - 61_000) }).where('phone_number', '=', e164(phone)).execute();
}

describe(`phone signup (${databaseKind})`, () => {
  it('R-000-signup-10 R-000-signup-11: a code goes to the number; the right code verifies it and the signup makes an account with that confirmed number and no email', async () => {
    const phone = newPhone();
    const agent = new Agent(t.app);
    const sent = await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ phone_number: e164(phone), resent: false, status: 'ok' });
    const code = await codeSentTo(phone);
    const verified = await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: code.replace(/(\d{3})/, '$1 ') });
    expect(verified.body).toEqual({ phone_number: e164(phone), verified: true, status: 'ok' });

    const person = newPerson('phone');
    // The dry run takes the number in place of an email.
    const attempt = await agent.post('/accounts/web_create_ajax/attempt/', { ...person, email: '', phone_number: phone });
    expect(attempt.body.dryrun_passed).toBe(true);
    const made = await agent.post('/accounts/web_create_ajax/', { ...person, email: '', phone_number: phone, sms_code: code });
    expect(made.status).toBe(200);
    expect(agent.cookies.has('sessionid')).toBe(true);
    const row = await t.db.selectFrom('users').select(['email', 'email_lower', 'phone_number', 'phone_confirmed_at']).where('id', '=', made.body.user_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: '', email_lower: null, phone_number: e164(phone) });
    expect(row.phone_confirmed_at).toBeInstanceOf(Date);
    // Used once: a second signup with the same code is refused at the code.
    const again = await new Agent(t.app).post('/accounts/web_create_ajax/', { ...newPerson('phone2'), email: '', phone_number: phone, sms_code: code });
    expect(again.status).toBe(400);
    expect(again.body.error_codes.sms_code).toEqual([{ code: 'phone_code_none' }]);
  });

  it('two accounts made by phone have no email and do not collide', async () => {
    for (const prefix of ['pa', 'pb']) {
      const phone = newPhone();
      const agent = new Agent(t.app);
      await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
      const code = await codeSentTo(phone);
      await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: code });
      expect((await agent.post('/accounts/web_create_ajax/', { ...newPerson(prefix), email: '', phone_number: phone, sms_code: code })).status).toBe(200);
    }
  });

  it('an account made by phone saves its profile without an email; one with an email cannot drop it', async () => {
    const phone = newPhone();
    const agent = new Agent(t.app);
    await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
    const code = await codeSentTo(phone);
    await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: code });
    const person = newPerson('pedit');
    expect((await agent.post('/accounts/web_create_ajax/', { ...person, email: '', phone_number: phone, sms_code: code })).status).toBe(200);
    const form = (await agent.get('/accounts/edit/?__a=1')).body.form_data;
    expect(form).toMatchObject({ email: '', phone_number: e164(phone), is_phone_confirmed: true });
    const saved = await agent.post('/accounts/edit/', { first_name: 'Phone Person', username: person.username, biography: 'By phone', external_url: '', email: '', phone_number: form.phone_number, gender: '3', custom_gender: '', chaining_enabled: 'true' });
    expect(saved.body).toEqual({ status: 'ok' });
    expect((await agent.get('/accounts/edit/?__a=1')).body.form_data).toMatchObject({ first_name: 'Phone Person', email: '', is_phone_confirmed: true });
    // No address, so no confirmation link to send.
    expect((await agent.post('/accounts/send_confirm_email/')).status).toBe(400);
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', '').execute()).toEqual([]);

    const withEmail = new Agent(t.app);
    const other = newPerson('hasmail');
    await withEmail.post('/accounts/web_create_ajax/', other);
    const blanked = await withEmail.post('/accounts/edit/', { first_name: '', username: other.username, biography: '', external_url: '', email: '', phone_number: '', gender: '3', custom_gender: '', chaining_enabled: 'true', password: other.password });
    expect(blanked.status).toBe(400);
    expect(blanked.body.error_codes.email).toEqual([{ code: 'email_invalid' }]);
  });

  it('R-000-signup-12: the code can be resent after a minute, and the answer says it was', async () => {
    const phone = newPhone();
    const agent = new Agent(t.app);
    await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
    const first = await codeSentTo(phone);
    const tooSoon = await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('phone_code_wait');
    await allowResend(phone);
    const resent = await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
    expect(resent.body.resent).toBe(true);
    const second = await codeSentTo(phone);
    // The first code stops working once a new one is sent (unless both happen to be the same digits).
    if (second !== first) {
      const old = await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: first });
      expect(old.status).toBe(400);
    }
    expect((await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: second })).status).toBe(200);
  });

  it('R-000-signup-13: a bad number, a wrong code, too many tries and no code each answer the server message', async () => {
    const agent = new Agent(t.app);
    const bad = await agent.post('/accounts/send_signup_sms_code/', { phone_number: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('country code');
    const none = await agent.post('/accounts/validate_signup_sms_code/', { phone_number: newPhone(), sms_code: '123456' });
    expect(none.body.code).toBe('phone_code_none');
    const phone = newPhone();
    await agent.post('/accounts/send_signup_sms_code/', { phone_number: phone });
    const code = await codeSentTo(phone);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_codes.sms_code).toEqual([{ code: 'phone_code_wrong' }]);
    for (let i = 1; i < PHONE_CODE_MAX_ATTEMPTS; i += 1) await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: wrongCode });
    const spent = await agent.post('/accounts/validate_signup_sms_code/', { phone_number: phone, sms_code: code });
    expect(spent.status).toBe(400);
    expect(spent.body.code).toBe('phone_code_attempts');
    // Without a verified code the signup itself refuses the number.
    const unverified = await agent.post('/accounts/web_create_ajax/', { ...newPerson('nov'), email: '', phone_number: phone, sms_code: code });
    expect(unverified.body.error_codes.sms_code).toEqual([{ code: 'phone_code_none' }]);
  });
});
