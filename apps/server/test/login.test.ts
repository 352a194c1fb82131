import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_IP } from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe(`login and logout (${databaseKind})`, () => {
  it('logs in by username or email, case-insensitively, and sets the session', async () => {
    const person = await signUp(new Agent(t.app));
    for (const login of [person.username, person.username.toUpperCase(), person.email]) {
      const agent = new Agent(t.app);
      const res = await agent.post('/accounts/login/ajax/', { username: login, password: person.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ authenticated: true, user: true, userId: person.id, status: 'ok' });
      expect((await agent.get('/data/shared_data/')).body.config.viewer.username).toBe(person.username);
    }
  });

  it('R-000-auth-11: a wrong password answers the server message (400) and no session', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    const res = await agent.post('/accounts/login/ajax/', { username: person.username, password: 'not the password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ authenticated: false, status: 'fail', message: 'Sorry, your username or password was incorrect. Please double-check them and try again.' });
    expect(agent.cookies.has('sessionid')).toBe(false);
  });

  it('an unknown account gets the very answer a wrong password gets, so login cannot list accounts', async () => {
    const person = await signUp(new Agent(t.app));
    const unknown = await new Agent(t.app).post('/accounts/login/ajax/', { username: 'nobody_at_all_here', password: 'whatever1' });
    const wrong = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: 'whatever1' });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.text).toBe(unknown.text);
  });

  it('the csrftoken changes at login and at logout, and the old one opens nothing', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    await agent.get('/data/shared_data/');
    const before = agent.cookies.get('csrftoken')!;
    expect((await agent.post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(200);
    const during = agent.cookies.get('csrftoken')!;
    expect(during).not.toBe(before);
    // The shared data carries it masked: another string each time, the same token inside.
    const shared = (await agent.get('/data/shared_data/')).body.config.csrf_token as string;
    expect(shared).not.toBe(during);
    expect((await agent.post('/web/friendships/1/follow/', {}, { csrf: shared })).status).not.toBe(403);
    // A token planted or read before the login no longer passes.
    expect((await agent.post('/web/friendships/1/follow/', {}, { csrf: before })).status).toBe(403);
    expect((await agent.post('/accounts/logout/')).status).toBe(200);
    const after = agent.cookies.get('csrftoken')!;
    expect(after).not.toBe(during);
    expect((await agent.post('/accounts/login/ajax/', { username: person.username, password: person.password }, { csrf: during })).status).toBe(403);
  });

  it('an empty field is a 400 with a message', async () => {
    const res = await new Agent(t.app).post('/accounts/login/ajax/', { username: '', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/username or email/i);
  });

  it('R-001-account-1: logout is a form post with the csrf token, and ends the session server-side', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const token = agent.cookies.get('sessionid')!;
    expect((await agent.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
    const res = await agent.request('POST', '/accounts/logout/', { form: { csrfmiddlewaretoken: agent.cookies.get('csrftoken')! }, csrf: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(agent.cookies.has('sessionid')).toBe(false);
    // the old cookie no longer opens anything
    const replay = new Agent(t.app);
    replay.cookies.set('sessionid', token);
    expect((await replay.get('/data/shared_data/')).body.config.viewer).toBeNull();
  });
});

describe(`csrf (${databaseKind})`, () => {
  it('an unsafe request without the X-CSRFToken echo is refused with 403', async () => {
    const agent = new Agent(t.app);
    const person = newPerson();
    const missing = await agent.post('/accounts/web_create_ajax/', person, { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ status: 'fail', message: 'CSRF token missing or incorrect.' });
    const wrong = await agent.post('/accounts/web_create_ajax/', person, { csrf: 'A'.repeat(32) });
    expect(wrong.status).toBe(403);
    const none = await t.db.selectFrom('users').select('id').where('username', '=', person.username).executeTakeFirst();
    expect(none).toBeUndefined();
  });

  it('the csrftoken cookie is readable by the page and lasts a year', async () => {
    const res = await new Agent(t.app).get('/');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/csrftoken=[A-Za-z0-9_-]{16,}/);
    expect(cookie).not.toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe(`password change and login activity (${databaseKind})`, () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const here = new Agent(t.app);
    const person = await signUp(here);
    const elsewhere = new Agent(t.app, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1');
    await elsewhere.post('/accounts/login/ajax/', { username: person.username, password: person.password });
    const res = await here.post('/accounts/password/change/', { old_password: person.password, new_password1: 'a much newer secret', new_password2: 'a much newer secret' });
    expect(res.status).toBe(200);
    expect((await here.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
    expect((await elsewhere.get('/data/shared_data/')).body.config.viewer).toBeNull();
    const old = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect(old.status).toBe(400);
    const fresh = await new Agent(t.app).post('/accounts/login/ajax/', { username: person.username, password: 'a much newer secret' });
    expect(fresh.status).toBe(200);
  });

  it('refuses a wrong old password, a short or mismatched new one, with field errors', async () => {
    const agent = new Agent(t.app);
    const person = await signUp(agent);
    const wrongOld = await agent.post('/accounts/password/change/', { old_password: 'nope nope', new_password1: 'brand new pass', new_password2: 'brand new pass' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.errors.old_password).toBeDefined();
    const short = await agent.post('/accounts/password/change/', { old_password: person.password, new_password1: 'abc', new_password2: 'abc' });
    expect(short.body.errors.new_password1[0]).toMatch(/at least 8/);
    const mismatch = await agent.post('/accounts/password/change/', { old_password: person.password, new_password1: 'brand new pass', new_password2: 'brand new pasS' });
    expect(mismatch.body.errors.new_password2).toBeDefined();
  });

  it('needs a session', async () => {
    const res = await new Agent(t.app).post('/accounts/password/change/', { old_password: 'a', new_password1: 'b', new_password2: 'b' });
    expect(res.status).toBe(401);
    expect(res.body.status).toBe('fail');
  });

  it('lists the sessions with device and the current one marked, and ends another one', async () => {
    const laptop = new Agent(t.app);
    const person = await signUp(laptop);
    const phone = new Agent(t.app, 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36', '10.0.0.9');
    await phone.post('/accounts/login/ajax/', { username: person.username, password: person.password });
    expect((await phone.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
    const list = await laptop.get('/session/login_activity/?__a=1');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const [newest, older] = list.body.sessions;
    expect(newest).toMatchObject({ is_current: false, os: expect.stringMatching(/Android/), browser: expect.stringMatching(/Chrome/), ip: '10.0.0.9' });
    expect(older).toMatchObject({ is_current: true, os: expect.stringMatching(/Linux/) });
    const end = await laptop.post('/session/login_activity/logout_session/', { session_id: newest.id });
    expect(end.status).toBe(200);
    expect((await phone.get('/data/shared_data/')).body.config.viewer).toBeNull();
    expect((await laptop.get('/session/login_activity/?__a=1')).body.sessions).toHaveLength(1);
  });

  it("R-001-login-activity-4: nobody can end another person's session", async () => {
    const victim = new Agent(t.app);
    await signUp(victim);
    const mine = (await victim.get('/session/login_activity/?__a=1')).body.sessions[0].id;
    const attacker = new Agent(t.app);
    await signUp(attacker);
    const res = await attacker.post('/session/login_activity/logout_session/', { session_id: mine });
    expect(res.status).toBe(404);
    expect((await victim.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
    const anon = await new Agent(t.app).get('/session/login_activity/?__a=1');
    expect(anon.status).toBe(401);
  });
});

describe(`rate limits (${databaseKind})`, () => {
  it(`login: ${LOGIN_LIMIT_PER_IP.max} attempts per 5 minutes per IP, then 429 with a message`, async () => {
    const agent = new Agent(t.app, undefined, '203.0.113.7');
    for (let i = 0; i < LOGIN_LIMIT_PER_IP.max; i++) {
      const res = await agent.post('/accounts/login/ajax/', { username: `ghost${i}`, password: 'x' });
      expect(res.status).toBe(400);
    }
    const limited = await agent.post('/accounts/login/ajax/', { username: 'ghost', password: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body.status).toBe('fail');
    // Plain words on when to try again, none of the limiter's numbers.
    expect(limited.body.message).toMatch(/^Please wait (a minute|\d+ minutes) before you try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    const other = await new Agent(t.app, undefined, '203.0.113.8').post('/accounts/login/ajax/', { username: 'ghost', password: 'x' });
    expect(other.status).toBe(400);
  });

  // An attacker with many addresses: the lockout must not tell them which names are accounts, nor
  // that a username and an email are one account's.
  const hammer = async (login: string, net: string) => {
    for (let i = 0; i < LOGIN_LIMIT_PER_ACCOUNT.max; i++) {
      const res = await new Agent(t.app, undefined, `${net}.${i + 1}`).post('/accounts/login/ajax/', { username: login, password: 'wrong guess' });
      expect(res.status).toBe(400);
    }
  };

  it('login: past the per-account limit, an account\'s email and an email nobody has get the one answer, which names no account', async () => {
    const person = await signUp(new Agent(t.app));
    await hammer(person.email, '198.51.102');
    await hammer(`nobody.${person.email}`, '198.51.103');
    const account = await new Agent(t.app, undefined, '198.51.102.200').post('/accounts/login/ajax/', { username: person.email, password: person.password });
    const nobody = await new Agent(t.app, undefined, '198.51.103.200').post('/accounts/login/ajax/', { username: `nobody.${person.email}`, password: person.password });
    expect(account.status).toBe(429);
    expect(account.body.message).toMatch(/^Please wait (an hour|\d+ minutes) before you try again\.$/);
    expect(Number(account.headers['retry-after'])).toBeGreaterThan(0);
    expect({ status: nobody.status, body: nobody.body }).toEqual({ status: account.status, body: account.body });
    expect(Number(nobody.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('login: locking an account\'s username leaves its email open, so the lockout cannot link the two', async () => {
    const person = await signUp(new Agent(t.app));
    await hammer(person.username, '198.51.101');
    expect((await new Agent(t.app, undefined, '198.51.101.200').post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(429);
    const byEmail = await new Agent(t.app, undefined, '198.51.101.201').post('/accounts/login/ajax/', { username: person.email.toUpperCase(), password: 'wrong guess' });
    expect(byEmail.status).toBe(400);
    expect((await new Agent(t.app, undefined, '198.51.101.202').post('/accounts/login/ajax/', { username: person.email, password: person.password })).status).toBe(200);
  });

  it(`login: ${LOGIN_LIMIT_PER_ACCOUNT.max} attempts per hour per account, from any address`, async () => {
    const person = await signUp(new Agent(t.app));
    for (let i = 0; i < LOGIN_LIMIT_PER_ACCOUNT.max; i++) {
      const res = await new Agent(t.app, undefined, `198.51.100.${i + 1}`).post('/accounts/login/ajax/', { username: person.username, password: 'wrong guess' });
      expect(res.status).toBe(400);
    }
    const limited = await new Agent(t.app, undefined, '198.51.100.200').post('/accounts/login/ajax/', { username: person.username.toUpperCase(), password: person.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'fail', code: 'wait_hour' });
  });
});
