import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_EMAIL_LIMIT_PER_ACCOUNT } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { startSmtpServer } from './helpers/smtp.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shutter <no-reply@shutter.test>', PUBLIC_URL: 'https://shutter.test' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const CONFIRM_SUBJECT = /^Subject: Confirm your email address for Shutter/m;
const linkIn = (text: string) => /https:\/\/shutter\.test(\/accounts\/confirm_email\/[A-Za-z0-9_-]+\/)/.exec(text)![1]!;
/** The confirmation links that reached `email` over SMTP, oldest first. */
const links = async (email: string, timeoutMs?: number) => (await smtp.mailsTo(email, CONFIRM_SUBJECT, timeoutMs)).map((m) => linkIn(m.text));
const confirmed = async (agent: Agent) => (await agent.get('/accounts/edit/?__a=1')).body.form_data.is_email_confirmed as boolean;

async function person() {
  const agent = new Agent(t.app);
  const user = await signUp(agent);
  return { agent, user };
}

describe(`email confirmation over SMTP (${databaseKind})`, () => {
  it('a signup mails a confirmation link through the SMTP server, and the outbox records it as delivered', async () => {
    const { agent, user } = await person();
    const [mail] = await smtp.mailsTo(user.email, CONFIRM_SUBJECT);
    expect(mail).toMatchObject({ from: 'no-reply@shutter.test', user: 'shutter' });
    expect(mail!.text).toMatch(/^From: Shutter <no-reply@shutter\.test>/m);
    expect(mail!.text).toContain(`Hi ${user.username},`);
    expect(await confirmed(agent)).toBe(false);
    await expect.poll(async () => (await t.db.selectFrom('outbox').select(['delivered_at', 'delivery_error']).where('recipient', '=', user.email).executeTakeFirst()), { timeout: 10_000 })
      .toMatchObject({ delivered_at: expect.any(Date), delivery_error: null });
  });

  it('the link confirms the email once; a second use is refused', async () => {
    const { agent, user } = await person();
    const [link] = await links(user.email);
    const first = await agent.get(link!);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/accounts/confirm_email/?result=confirmed');
    expect(await confirmed(agent)).toBe(true);
    const again = await agent.get(link!);
    expect(again.headers.location).toBe('/accounts/confirm_email/?result=invalid');
    expect((await agent.get(`${link!}?__a=1`)).body).toEqual({ result: 'invalid', status: 'ok' });
    expect(await confirmed(agent)).toBe(true);
  });

  it('works logged out: the token alone decides', async () => {
    const { agent, user } = await person();
    const [link] = await links(user.email);
    const stranger = new Agent(t.app);
    expect((await stranger.get(link!)).headers.location).toBe('/accounts/confirm_email/?result=confirmed');
    expect(await confirmed(agent)).toBe(true);
  });

  it('an expired, a made-up or a malformed link confirms nothing', async () => {
    const { agent, user } = await person();
    const [link] = await links(user.email);
    await t.db.updateTable('email_confirmations').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    for (const path of [link!, '/accounts/confirm_email/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/', '/accounts/confirm_email/..%2F..%2Fetc/']) {
      const res = await agent.get(path);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/accounts/confirm_email/?result=invalid');
    }
    expect(await confirmed(agent)).toBe(false);
  });

  it(`asking for a new link sends one (at most ${CONFIRM_EMAIL_LIMIT_PER_ACCOUNT.max} an hour), and none once confirmed`, async () => {
    const { agent, user } = await person();
    await links(user.email);
    const res = await agent.post('/accounts/send_confirm_email/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, status: 'ok' });
    await expect.poll(async () => (await links(user.email)).length, { timeout: 10_000 }).toBe(2);
    for (let i = 1; i < CONFIRM_EMAIL_LIMIT_PER_ACCOUNT.max; i++) expect((await agent.post('/accounts/send_confirm_email/')).status).toBe(200);
    const limited = await agent.post('/accounts/send_confirm_email/');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeUndefined();
    // Any of the links confirms; then there is nothing to send.
    const [, second] = await links(user.email);
    expect((await agent.get(second!)).headers.location).toBe('/accounts/confirm_email/?result=confirmed');
    const done = await agent.post('/accounts/send_confirm_email/');
    expect(done.status).toBe(400);
    expect(done.body.code).toBe('email_already_confirmed');
  });

  it('a visitor cannot ask for a link, nor a forged request', async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.post('/accounts/send_confirm_email/')).status).toBe(401);
    const { agent, user } = await person();
    await links(user.email);
    expect((await agent.post('/accounts/send_confirm_email/', {}, { csrf: false })).status).toBe(403);
    expect(await t.db.selectFrom('email_confirmations').select('token_hash').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('changing the email makes it unconfirmed, sends the new address a link and the old one a notice', async () => {
    const { agent, user } = await person();
    const [oldLink] = await links(user.email);
    expect((await agent.get(oldLink!)).headers.location).toBe('/accounts/confirm_email/?result=confirmed');
    const form = (await agent.get('/accounts/edit/?__a=1')).body.form_data as Record<string, string | boolean>;
    const moved = `moved.${user.email}`;
    const save = await agent.post('/accounts/edit/', { ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])), email: moved, password: user.password });
    expect(save.body).toEqual({ status: 'ok' });
    expect(await confirmed(agent)).toBe(false);
    const [notice] = await smtp.mailsTo(user.email, /^Subject: The email address of your Shutter account was changed/m);
    expect(notice!.text).toContain('m•••@');
    const [newLink] = await links(moved);
    expect((await agent.get(newLink!)).headers.location).toBe('/accounts/confirm_email/?result=confirmed');
    expect(await confirmed(agent)).toBe(true);
  });

  it('a link for an address the account has left confirms nothing', async () => {
    const { agent, user } = await person();
    const [oldLink] = await links(user.email);
    const form = (await agent.get('/accounts/edit/?__a=1')).body.form_data as Record<string, string | boolean>;
    await agent.post('/accounts/edit/', { ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])), email: `left.${user.email}`, password: user.password });
    expect((await agent.get(oldLink!)).headers.location).toBe('/accounts/confirm_email/?result=invalid');
    expect(await confirmed(agent)).toBe(false);
  });

  it('a refused delivery is recorded and retried by the queue until the SMTP server takes it', async () => {
    const agent = new Agent(t.app);
    const email = `busy${Date.now()}@example.org`;
    smtp.refuse(email, 1);
    await signUp(agent, { email, username: `busy${Date.now() % 1e9}`, password: 'correct horse battery', first_name: 'Busy' });
    const row = () => t.db.selectFrom('outbox').select(['delivered_at', 'delivery_attempts', 'delivery_error']).where('recipient', '=', email).executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).delivery_error, { timeout: 10_000 }).toMatch(/451/);
    expect(await links(email, 0)).toHaveLength(0);
    // pg-boss runs it again after its retry delay.
    await expect.poll(async () => (await links(email, 0)).length, { timeout: 20_000, interval: 500 }).toBe(1);
    await expect.poll(row, { timeout: 5_000 }).toMatchObject({ delivered_at: expect.any(Date), delivery_attempts: 2, delivery_error: null });
  }, 40_000);
});
