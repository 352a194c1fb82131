import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t.close(); });

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The owner (logged in where they signed up) and a login of theirs from another device and network. */
async function ownerAndStranger() {
  const owner = new Agent(t.app);
  const person = await signUp(owner);
  const stranger = new Agent(t.app, PHONE_UA, '203.0.113.9');
  expect((await stranger.post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(200);
  const page = await owner.get('/session/login_activity/?__a=1');
  return { owner, stranger, person, logins: page.body.suspicious_logins as { id: string; is_confirmed: boolean; ip: string; os: string }[] };
}

describe(`sign-ins the owner did not make (${databaseKind})`, () => {
  it('a login from the signup\'s device and network is not suspicious; one from elsewhere is, and its owner is mailed', async () => {
    const owner = new Agent(t.app);
    const person = await signUp(owner);
    // Same device and network (a new address in the same network): nothing to ask.
    expect((await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(200);
    expect((await owner.get('/session/login_activity/?__a=1')).body.suspicious_logins).toEqual([]);

    const { logins, person: other } = await ownerAndStranger();
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ ip: '203.0.113.9', is_confirmed: false });
    expect(logins[0]!.os).toContain('iOS');
    const mail = await t.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', other.email).where('subject', 'like', 'A new login%').executeTakeFirstOrThrow();
    expect(mail.body).toContain('/session/login_activity/');
  });

  it('R-001-login-activity-1 R-001-login-activity-2: "This was me" confirms it and the place becomes known; undone, it is suspicious again', async () => {
    const { owner, person, logins } = await ownerAndStranger();
    const id = logins[0]!.id;
    expect((await owner.post('/session/login_activity/avow_login/', { login_id: id })).status).toBe(200);
    expect((await owner.get('/session/login_activity/?__a=1')).body.suspicious_logins[0].is_confirmed).toBe(true);
    // Known now: the next login from there asks nothing.
    const again = new Agent(t.app, PHONE_UA, '203.0.77.1');
    await again.post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect((await owner.get('/session/login_activity/?__a=1')).body.suspicious_logins).toHaveLength(1);

    expect((await owner.post('/session/login_activity/undo_avow_login/', { login_id: id })).status).toBe(200);
    expect((await owner.get('/session/login_activity/?__a=1')).body.suspicious_logins[0].is_confirmed).toBe(false);
    const third = new Agent(t.app, PHONE_UA, '203.0.55.2');
    await third.post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect((await owner.get('/session/login_activity/?__a=1')).body.suspicious_logins).toHaveLength(2);
  });

  it('R-001-login-activity-3: "This wasn\'t me" ends that login at once', async () => {
    const { owner, stranger, logins } = await ownerAndStranger();
    expect((await stranger.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
    expect((await owner.post('/session/login_activity/disavow_login/', { login_id: logins[0]!.id })).status).toBe(200);
    expect((await stranger.get('/data/shared_data/')).body.config.viewer).toBeNull();
    const page = (await owner.get('/session/login_activity/?__a=1')).body;
    expect(page.suspicious_logins).toEqual([]);
    expect(page.sessions.map((s: { id: string }) => s.id)).not.toContain(logins[0]!.id);
  });

  it('nobody answers for another account\'s logins, and garbage is a 400', async () => {
    const { logins } = await ownerAndStranger();
    const intruder = new Agent(t.app);
    await signUp(intruder);
    for (const path of ['avow_login', 'undo_avow_login', 'disavow_login']) {
      expect((await intruder.post(`/session/login_activity/${path}/`, { login_id: logins[0]!.id })).status).toBe(404);
      expect((await intruder.post(`/session/login_activity/${path}/`, { login_id: 'nope' })).status).toBe(400);
      expect((await new Agent(t.app).post(`/session/login_activity/${path}/`, { login_id: logins[0]!.id })).status).toBe(401);
    }
  });
});
