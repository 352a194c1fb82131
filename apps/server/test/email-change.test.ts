import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_LIMIT } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function person() {
  const agent = new Agent(t.app);
  const user = await signUp(agent);
  const form = (await agent.get('/accounts/edit/?__a=1')).body.form_data as Record<string, string>;
  return { agent, user, form };
}

const stored = (id: string) => t.db.selectFrom('users').select(['email', 'full_name', 'external_url']).where('id', '=', id).executeTakeFirstOrThrow();
// Confirmation links (signup's, a new address's) are email-confirmation.test.ts's.
const mailsTo = (email: string) => t.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', email).where('subject', 'not like', 'Confirm your email%').execute();

describe(`changing the email needs the current password (${databaseKind})`, () => {
  it('a stolen session alone cannot change the email, and nothing of that save is written', async () => {
    const { agent, user, form } = await person();
    for (const password of [undefined, '', 'not my password']) {
      const res = await agent.post('/accounts/edit/', { ...form, first_name: 'Hijacked', email: 'thief@example.net', ...(password === undefined ? {} : { password }) });
      expect(res.status).toBe(400);
      expect(res.body.errors.password).toEqual([password ? 'Your password was entered incorrectly. Please enter it again.' : 'Enter your current password to change your email.']);
      expect(res.body.message).toBe(res.body.errors.password[0]);
    }
    expect(await stored(user.id)).toMatchObject({ email: user.email, full_name: user.first_name });
    // Nor can the thief then reset the password through the new address.
    await new Agent(t.app).post('/accounts/account_recovery_send_ajax/', { email_or_username: 'thief@example.net' });
    expect(await mailsTo('thief@example.net')).toEqual([]);
  });

  it('with the right password the email changes, and the old address is told', async () => {
    const { agent, user, form } = await person();
    const res = await agent.post('/accounts/edit/', { ...form, email: `moved.${user.email}`, password: user.password });
    expect(res.body).toEqual({ status: 'ok' });
    expect((await stored(user.id)).email).toBe(`moved.${user.email}`);
    const [notice] = await mailsTo(user.email);
    expect(notice!.subject).toMatch(/email address of your Shutter account was changed/);
    expect(notice!.body).toContain('m•••@');
    expect(notice!.body).not.toContain(`moved.${user.email}`);
    expect(notice!.body).toContain('http://localhost:8080/accounts/password/change/');
  });

  it('a save that keeps the email (or only changes its case) needs no password and tells no one', async () => {
    const { agent, user, form } = await person();
    expect((await agent.post('/accounts/edit/', { ...form, first_name: 'Renamed' })).body).toEqual({ status: 'ok' });
    expect((await agent.post('/accounts/edit/', { ...form, email: user.email.toUpperCase() })).body).toEqual({ status: 'ok' });
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await mailsTo(user.email.toUpperCase())).toEqual([]);
  });

  it(`guesses of the password here share the password change's limit (${PASSWORD_CHANGE_LIMIT.max} per 10 minutes)`, async () => {
    const { agent, user, form } = await person();
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.max; i++) {
      const path = i % 2 ? '/accounts/password/change/' : '/accounts/edit/';
      const body: Record<string, string> = i % 2 ? { old_password: `guess ${i}`, new_password1: 'a brand new secret', new_password2: 'a brand new secret' } : { ...form, email: 'thief@example.net', password: `guess ${i}` };
      expect((await agent.post(path, body)).status).toBe(400);
    }
    const limited = await agent.post('/accounts/edit/', { ...form, email: 'thief@example.net', password: user.password });
    expect(limited.status).toBe(429);
    expect((await stored(user.id)).email).toBe(user.email);
  });
});

describe(`the edit form cannot tell who has an account (${databaseKind})`, () => {
  const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  it('without the right password, an email that has an account answers as one that has none', async () => {
    const { agent, form } = await person();
    const { user: other } = await person();
    const nobody = `nobody.${other.email}`;
    for (const password of [undefined, '', 'not my password']) {
      const extra: Record<string, string> = password === undefined ? {} : { password };
      const taken = await agent.post('/accounts/edit/', { ...form, email: other.email.toUpperCase(), ...extra });
      const free = await agent.post('/accounts/edit/', { ...form, email: nobody, ...extra });
      expect(taken.status).toBe(400);
      expect(taken.body.errors.email).toBeUndefined();
      expect(answer(taken)).toEqual(answer(free));
    }
  });

  it('the right password tells the owner the email is taken, and every such ask spends one of the account\'s password checks', async () => {
    const { agent, user, form } = await person();
    const { user: other } = await person();
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.max; i++) {
      const res = await agent.post('/accounts/edit/', { ...form, email: other.email, password: user.password });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: ['Another account is using the same email.'] });
    }
    const limited = await agent.post('/accounts/edit/', { ...form, email: other.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toBeUndefined();
    // The limit is the account's: a save that keeps the email still goes through.
    expect((await agent.post('/accounts/edit/', { ...form, first_name: 'Still here' })).body).toEqual({ status: 'ok' });
    expect(await stored(user.id)).toMatchObject({ email: user.email, full_name: 'Still here' });
  });
});

describe(`the website field (${databaseKind})`, () => {
  it('refuses addresses that lead elsewhere than they show, and stores nothing of that save', async () => {
    const { agent, user, form } = await person();
    for (const external_url of ['//evil.example', 'https:///evil.example', 'javascript:alert(1)', 'https://bank.example@evil.example']) {
      const res = await agent.post('/accounts/edit/', { ...form, first_name: 'Changed', external_url });
      expect(res.status, external_url).toBe(400);
      expect(res.body.errors.external_url, external_url).toEqual(['Enter a valid website address, such as example.com.']);
    }
    expect(await stored(user.id)).toMatchObject({ full_name: user.first_name, external_url: null });
    expect((await agent.post('/accounts/edit/', { ...form, external_url: 'example.com/me' })).status).toBe(200);
    expect((await stored(user.id)).external_url).toBe('https://example.com/me');
  });
});
