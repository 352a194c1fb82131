import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENT_LIMIT_PER_IP, CLIENT_EVENT_PATH, CREDENTIAL_AUTO_LOGIN_FAILURES } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const failed = (type: string) => ({ name: 'credential_auto_login_failed', type });

describe(`client events (${databaseKind})`, () => {
  it('R-002-prompts-10: each credential auto-login failure type is taken, from visitors and logged-in people alike', async () => {
    const visitor = new Agent(t.app);
    for (const type of CREDENTIAL_AUTO_LOGIN_FAILURES) {
      const res = await visitor.post(CLIENT_EVENT_PATH, failed(type));
      expect(res.status, type).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    }
    const member = new Agent(t.app);
    await signUp(member);
    expect((await member.postJson(CLIENT_EVENT_PATH, failed('dismissed'))).status).toBe(200);
  });

  it('an unknown event or type, or none, is a 400 with a message', async () => {
    const agent = new Agent(t.app);
    for (const body of [failed('wrong_password'), { name: 'anything', type: 'dismissed' }, { name: 'credential_auto_login_failed' }, {}, failed('x'.repeat(10_000))]) {
      const res = await agent.post(CLIENT_EVENT_PATH, body as Record<string, string>);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.status).toBe('fail');
    }
  });

  it('without the CSRF token the event is refused', async () => {
    expect((await new Agent(t.app).post(CLIENT_EVENT_PATH, failed('dismissed'), { csrf: false })).status).toBe(403);
  });

  it(`at most ${CLIENT_EVENT_LIMIT_PER_IP.max} per address in 10 minutes`, async () => {
    const agent = new Agent(t.app);
    for (let i = 0; i < CLIENT_EVENT_LIMIT_PER_IP.max; i++) expect((await agent.post(CLIENT_EVENT_PATH, failed('dismissed'))).status).toBe(200);
    expect((await agent.post(CLIENT_EVENT_PATH, failed('dismissed'))).status).toBe(429);
    expect((await new Agent(t.app).post(CLIENT_EVENT_PATH, failed('dismissed'))).status).toBe(200);
  });
});
