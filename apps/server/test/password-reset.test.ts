import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function lastLink(email: string) {
  const mail = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const link = new URL(/https?:\/\/\S+/.exec(mail.body)![0]);
  return { uid: link.searchParams.get('uid')!, token: link.searchParams.get('token')! };
}

describe(`password reset (${databaseKind})`, () => {
  it('emails a link that sets a new password once and logs out every session', async () => {
    const owner = new Agent(t.app);
    const person = await signUp(owner);
    // The session is looked up (and kept in the service's session cache) before the reset.
    expect((await owner.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
    const res = await new Agent(t.app).post('/accounts/account_recovery_send_ajax/', { email_or_username: person.email.toUpperCase() });
    expect(res.status).toBe(200);
    const { uid, token } = await lastLink(person.email);
    expect(uid).toBe(person.id);
    const mismatch = await new Agent(t.app).post('/accounts/password/reset/confirm/', { uid, token, new_password1: 'reset secret one', new_password2: 'reset secret two' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.new_password2).toBeDefined();
    const ok = await new Agent(t.app).post('/accounts/password/reset/confirm/', { uid, token, new_password1: 'reset secret one', new_password2: 'reset secret one' });
    expect(ok.status).toBe(200);
    expect((await owner.get('/data/shared_data/')).body.config.viewer).toBeNull();
    const again = await new Agent(t.app).post('/accounts/password/reset/confirm/', { uid, token, new_password1: 'another secret', new_password2: 'another secret' });
    expect(again.status).toBe(400);
    expect((await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: 'reset secret one' })).status).toBe(200);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const before = await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await new Agent(t.app).post('/accounts/account_recovery_send_ajax/', { email_or_username: 'nobody@example.org' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/If an account matches/);
    const after = await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a forged token or a token for another user', async () => {
    const a = await signUp(new Agent(t.app));
    const b = await signUp(new Agent(t.app));
    await new Agent(t.app).post('/accounts/account_recovery_send_ajax/', { email_or_username: a.username });
    const { token } = await lastLink(a.email);
    for (const body of [{ uid: b.id, token }, { uid: a.id, token: 'forged' }, { uid: 'x', token }]) {
      const res = await new Agent(t.app).post('/accounts/password/reset/confirm/', { ...body, new_password1: 'hijacked pass', new_password2: 'hijacked pass' });
      expect(res.status).toBe(400);
    }
  });

  it('is rate limited per address', async () => {
    const agent = new Agent(t.app, undefined, '192.0.2.44');
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await agent.post('/accounts/account_recovery_send_ajax/', { email_or_username: `ghost${i}` })).status;
    expect(last).toBe(429);
  });
});

describe(`password reset links (${databaseKind})`, () => {
  it('point at the configured origin, whatever Host or X-Forwarded-Host a request claims', async () => {
    const person = await signUp(new Agent(t.app));
    const forged: Record<string, string>[] = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }];
    for (const headers of forged) {
      const res = await new Agent(t.app).request('POST', '/accounts/account_recovery_send_ajax/', { form: { email_or_username: person.username }, headers });
      expect(res.status).toBe(200);
      const mail = await t.db.selectFrom('outbox').select('body').where('recipient', '=', person.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.body).not.toContain('evil.example');
      expect(mail.body).toMatch(/http:\/\/localhost:8080\/accounts\/password\/reset\/confirm\/\?uid=/);
    }
  });

  it('use PUBLIC_URL behind a proxy, even when the proxy passes a forged host on', async () => {
    const proxied = await createTestApp({ env: { PUBLIC_URL: 'https://shutter.example', TRUST_PROXY: '1' } });
    try {
      const person = await signUp(new Agent(proxied.app));
      const res = await new Agent(proxied.app).request('POST', '/accounts/account_recovery_send_ajax/', {
        form: { email_or_username: person.email }, headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.status).toBe(200);
      const mail = await proxied.db.selectFrom('outbox').select('body').where('recipient', '=', person.email).where('subject', 'like', 'Reset%').executeTakeFirstOrThrow();
      expect(mail.body).toContain('https://shutter.example/accounts/password/reset/confirm/?uid=');
      expect(mail.body).not.toContain('evil.example');
    } finally {
      await proxied.close();
    }
  });
});
