import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_SIGNUP_AGE } from '@shutter/contract';
import { Agent, newPerson } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  [t, open] = await Promise.all([createTestApp({ env: { PARENTAL_CONSENT_AGE: '16' } }), createTestApp()]);
}, 180_000);
afterAll(async () => { await Promise.all([t.close(), open.close()]); });

/** A birthday `years` years (and a few days) ago. */
function bornYearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 3);
  return { year: String(d.getUTCFullYear()), month: String(d.getUTCMonth() + 1), day: String(d.getUTCDate()) };
}

async function parentMail(app: TestApp, parentEmail: string) {
  const mail = await app.db.selectFrom('outbox').select(['body', 'subject']).where('recipient', '=', parentEmail).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const [, consentId, nonce] = /\/accounts\/parental_consent\/(\d+)\/([\w-]+)\//.exec(mail.body)!;
  return { ...mail, consentId: consentId!, nonce: nonce! };
}

describe(`signup birthday and parental consent (${databaseKind})`, () => {
  it('R-000-signup-7: someone under 13 is refused at the birthday, and no account is made', async () => {
    const person = newPerson('young');
    const res = await new Agent(t.app).post('/accounts/web_create_ajax/', { ...person, ...bornYearsAgo(MIN_SIGNUP_AGE - 1) });
    expect(res.status).toBe(400);
    expect(res.body.error_codes.birthday).toEqual([{ code: 'age_too_young', params: { min: MIN_SIGNUP_AGE } }]);
    expect(res.body.errors.birthday[0]).toContain(`at least ${MIN_SIGNUP_AGE} years old`);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', person.username).executeTakeFirst()).toBeUndefined();
  });

  it('a birthday is required once the operator asks for parental consent, and must be a real date', async () => {
    const attempt = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', newPerson('nobday'));
    expect(attempt.body.error_codes.birthday).toEqual([{ code: 'birthday_required' }]);
    const bad = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', { ...newPerson('bad'), year: '2001', month: '2', day: '30' });
    expect(bad.body.error_codes.birthday).toEqual([{ code: 'birthday_invalid' }]);
    const future = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', { ...newPerson('fut'), year: String(new Date().getUTCFullYear() + 1), month: '1', day: '1' });
    expect(future.body.error_codes.birthday).toEqual([{ code: 'birthday_invalid' }]);
    // Without the operator's setting a birthday may be left out (older API clients), and is kept when given.
    const plain = await new Agent(open.app).post('/accounts/web_create_ajax/', newPerson('plain'));
    expect(plain.status).toBe(200);
    const adult = newPerson('adult');
    expect((await new Agent(open.app).post('/accounts/web_create_ajax/', { ...adult, year: '1990', month: '7', day: '4' })).status).toBe(200);
    const row = await open.db.selectFrom('users').select(['birthday', 'parental_consent_pending']).where('username', '=', adult.username).executeTakeFirstOrThrow();
    expect(row).toEqual({ birthday: '1990-07-04', parental_consent_pending: false });
  });

  it('R-000-consent-1: the parent email of a minor is required, valid and not their own, each with the server message', async () => {
    const person = newPerson('minor');
    const age = bornYearsAgo(14);
    const none = await new Agent(t.app).post('/accounts/web_create_ajax/', { ...person, ...age });
    expect(none.status).toBe(400);
    expect(none.body.error_codes.parent_email).toEqual([{ code: 'parent_email_required' }]);
    const invalid = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', { ...person, ...age, parent_email: 'not an email' });
    expect(invalid.body.error_codes.parent_email).toEqual([{ code: 'email_invalid' }]);
    const own = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', { ...person, ...age, parent_email: person.email.toUpperCase() });
    expect(own.body.errors.parent_email).toEqual(["Enter your parent's email address, not your own."]);
  });

  it('R-000-signup-8: a minor under the consent age gets an account that waits for a parent: no session, no login, until the mailed link approves it', async () => {
    const person = newPerson('teen');
    const parentEmail = `parent.${person.username}@example.org`;
    const agent = new Agent(t.app);
    const made = await agent.post('/accounts/web_create_ajax/', { ...person, ...bornYearsAgo(14), parent_email: parentEmail });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ account_created: true, parental_consent_required: true, status: 'ok' });
    expect(agent.cookies.has('sessionid')).toBe(false);

    // The right password says why; a wrong one says nothing more than for anyone.
    const waiting = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect(waiting.status).toBe(400);
    expect(waiting.body).toMatchObject({ authenticated: false, parental_consent_pending: true });
    const wrong = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: 'not the password' });
    expect(wrong.body.parental_consent_pending).toBeUndefined();

    const mail = await parentMail(t, parentEmail);
    expect(mail.subject).toContain(`@${person.username}`);
    const parent = new Agent(t.app);
    const info = await parent.post('/accounts/parental_consent/info/', { consent_id: mail.consentId, nonce: mail.nonce });
    expect(info.body).toEqual({ username: person.username, full_name: person.first_name, status: 'ok' });
    expect((await parent.post('/accounts/parental_consent/answer/', { consent_id: mail.consentId, nonce: `${mail.nonce}x`, decision: 'approved' })).status).toBe(400);
    expect((await parent.post('/accounts/parental_consent/answer/', { consent_id: mail.consentId, nonce: mail.nonce, decision: 'approved' })).status).toBe(200);
    // Single use.
    const again = await parent.post('/accounts/parental_consent/answer/', { consent_id: mail.consentId, nonce: mail.nonce, decision: 'approved' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('parental_consent_link_invalid');

    const login = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect(login.status).toBe(200);
    expect(login.body.authenticated).toBe(true);
  });

  it('"not their parent" leaves the account closed, and the link cannot approve it after', async () => {
    const person = newPerson('notp');
    const parentEmail = `someone.${person.username}@example.org`;
    await new Agent(t.app).post('/accounts/web_create_ajax/', { ...person, ...bornYearsAgo(15), parent_email: parentEmail });
    const mail = await parentMail(t, parentEmail);
    const stranger = new Agent(t.app);
    expect((await stranger.post('/accounts/parental_consent/answer/', { consent_id: mail.consentId, nonce: mail.nonce, decision: 'not_parent' })).status).toBe(200);
    expect((await stranger.post('/accounts/parental_consent/answer/', { consent_id: mail.consentId, nonce: mail.nonce, decision: 'approved' })).status).toBe(400);
    const login = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect(login.body.parental_consent_pending).toBe(true);
  });

  it('garbage in a consent request is a 400, never a 500', async () => {
    const agent = new Agent(t.app);
    const bodies: Record<string, string>[] = [{ consent_id: 'abc', nonce: 'x' }, { consent_id: '1'.repeat(30), nonce: 'y' }, { consent_id: '12', nonce: '' }, {}];
    for (const body of bodies) {
      expect((await agent.post('/accounts/parental_consent/info/', body)).status).toBe(400);
    }
    expect((await agent.post('/accounts/parental_consent/answer/', { consent_id: '12', nonce: 'n', decision: 'maybe' })).status).toBe(400);
  });

  it('the landing data carries the consent age the operator set', async () => {
    const withAge = await new Agent(t.app).get('/accounts/emailsignup/?__a=1');
    expect(withAge.body.landing.parental_consent_age).toBe(16);
    const without = await new Agent(open.app).get('/accounts/emailsignup/?__a=1');
    expect(without.body.landing.parental_consent_age).toBeNull();
  });
});
