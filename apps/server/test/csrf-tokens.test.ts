import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** `agent` with a csrftoken cookie of someone else's choosing, echoed as the web client would. */
function planted(agent: Agent, token: string) {
  agent.cookies.set('csrftoken', token);
  return agent;
}

describe(`csrf tokens are the service's, and the session's (${databaseKind})`, () => {
  it('a self-chosen cookie and header pair is refused for a logged-in session', async () => {
    const victim = new Agent(t.app);
    const { id } = await signUp(new Agent(t.app));
    await signUp(victim);
    for (const token of ['A'.repeat(43), 'c'.repeat(32), 'x'.repeat(64)]) {
      const res = await planted(victim, token).post(`/web/friendships/${id}/follow/`, {}, { csrf: token });
      expect(res.status, token).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: 'CSRF token missing or incorrect.' });
    }
    const follows = await t.db.selectFrom('follows').select('follower_id').where('followee_id', '=', id).execute();
    expect(follows).toEqual([]);
  });

  it('a real token of another session, or of a visitor not logged in, is refused with a session', async () => {
    const attacker = new Agent(t.app);
    await signUp(attacker);
    const visitor = new Agent(t.app);
    await visitor.get('/data/shared_data/');
    const victim = new Agent(t.app);
    const { id } = await signUp(new Agent(t.app));
    await signUp(victim);
    const own = victim.cookies.get('csrftoken')!;
    for (const token of [attacker.cookies.get('csrftoken')!, visitor.cookies.get('csrftoken')!]) {
      const res = await planted(victim, token).post(`/web/friendships/${id}/follow/`, {}, { csrf: token });
      expect(res.status).toBe(403);
      // The answer replaces a planted token with one of the victim's own, and their next post works.
      expect(String(res.headers['set-cookie'])).toMatch(/csrftoken=/);
      expect([token, own]).not.toContain(victim.cookies.get('csrftoken'));
    }
    expect((await victim.post(`/web/friendships/${id}/follow/`)).status).toBe(200);
  });

  it('logged out, login and signup take only a token the service issued', async () => {
    const person = await signUp(new Agent(t.app));
    const login = { username: person.username, password: person.password };
    for (const token of ['A'.repeat(43), 'c'.repeat(32)]) {
      expect((await planted(new Agent(t.app), token).post('/accounts/login/ajax/', login, { csrf: token })).status, token).toBe(403);
      const signup = newPerson();
      expect((await planted(new Agent(t.app), token).post('/accounts/web_create_ajax/', signup, { csrf: token })).status, token).toBe(403);
      expect(await t.db.selectFrom('users').select('id').where('username', '=', signup.username).executeTakeFirst()).toBeUndefined();
    }
    // A logged-in person's token is no visitor's token.
    const someone = new Agent(t.app);
    await signUp(someone);
    const theirs = someone.cookies.get('csrftoken')!;
    expect((await planted(new Agent(t.app), theirs).post('/accounts/login/ajax/', login, { csrf: theirs })).status).toBe(403);
    expect((await new Agent(t.app).post('/accounts/login/ajax/', login)).status).toBe(200);
  });

  it('the header may carry the token masked, as pages give it: another string on every answer', async () => {
    const agent = new Agent(t.app);
    const { id } = await signUp(new Agent(t.app));
    await signUp(agent);
    const cookie = agent.cookies.get('csrftoken')!;
    const masked = new Set<string>();
    for (let i = 0; i < 3; i++) masked.add((await agent.get('/data/shared_data/')).body.config.csrf_token);
    expect(masked.size).toBe(3);
    for (const token of masked) {
      expect(token).not.toContain(cookie);
      expect((await agent.post(`/web/friendships/${id}/follow/`, {}, { csrf: token })).status).toBe(200);
    }
    // A masked token of someone else's is still someone else's.
    const other = new Agent(t.app);
    await signUp(other);
    const othersMasked = (await other.get('/data/shared_data/')).body.config.csrf_token as string;
    expect((await agent.post(`/web/friendships/${id}/follow/`, {}, { csrf: othersMasked })).status).toBe(403);
  });

  it('a session ended elsewhere gets the 401 of a session that is over, not a 403, and a visitor\'s token after it', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const elsewhere = new Agent(t.app);
    for (const [k, v] of agent.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.post('/accounts/logout/')).status).toBe(200);
    const res = await agent.post('/web/likes/1/like/');
    expect(res.status).toBe(401);
    expect(agent.cookies.has('sessionid')).toBe(false);
    // Logged out now, the token it was given works for the next login.
    expect((await agent.post('/accounts/web_create_ajax/attempt/', newPerson())).status).toBe(200);
  });

  it('another instance on the same database takes the tokens this one issued', async () => {
    const second = await createSecondInstance(t);
    try {
      const agent = new Agent(t.app);
      const { id } = await signUp(new Agent(t.app));
      await signUp(agent);
      const there = new Agent(second.app);
      for (const [k, v] of agent.cookies) there.cookies.set(k, v);
      expect((await there.post(`/web/friendships/${id}/follow/`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe(`cookies with an https PUBLIC_URL (${databaseKind})`, () => {
  let https: TestApp;
  beforeAll(async () => { https = await createTestApp({ env: { PUBLIC_URL: 'https://shutter.example' } }); });
  afterAll(async () => { await https.close(); });

  const setCookies = (headers: Record<string, unknown>) => ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  const expectSecure = (headers: Record<string, unknown>, names: string[]) => {
    const cookies = setCookies(headers);
    for (const name of names) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie, name).toBeDefined();
      expect(cookie, name).toMatch(/;\s*Secure/i);
    }
  };

  it('are Secure even when the request came over plain http (a proxy that ends TLS)', async () => {
    const agent = new Agent(https.app);
    expectSecure((await agent.get('/')).headers, ['csrftoken']);
    const person = newPerson();
    expectSecure((await agent.post('/accounts/web_create_ajax/', person)).headers, ['sessionid', 'csrftoken']);
    expectSecure((await agent.post('/accounts/logout/')).headers, ['sessionid', 'csrftoken']);
    expectSecure((await agent.post('/accounts/login/ajax/', { username: person.username, password: person.password })).headers, ['sessionid', 'csrftoken']);
    // The removal of a session that is over, too.
    const stale = new Agent(https.app);
    stale.cookies.set('sessionid', 'no-such-session-token');
    expectSecure((await stale.get('/data/shared_data/')).headers, ['sessionid', 'csrftoken']);
  });

  it('are not Secure for an http PUBLIC_URL reached over http (development)', async () => {
    const res = await new Agent(t.app).get('/');
    expect(setCookies(res.headers).find((c) => c.startsWith('csrftoken='))).not.toMatch(/Secure/i);
  });
});
