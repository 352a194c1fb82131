import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { LOGIN_CAPTCHA_AFTER_FAILURES } from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const LOGIN = '/accounts/login/ajax/';
const LOGIN_FAILED = 'Sorry, your username or password was incorrect. Please double-check them and try again.';

/** What the altcha widget sends once it solved `challenge`: base64 of the challenge and its solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Wrong passwords up to the count that asks for the check; returns the last answer. */
async function failUntilCaptcha(agent: Agent, username: string) {
  let last;
  for (let i = 0; i < LOGIN_CAPTCHA_AFTER_FAILURES; i++) last = await agent.post(LOGIN, { username, password: 'wrong guess' });
  return last!;
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe(`captcha after failed logins (${databaseKind})`, () => {
  it('failures below the count answer as before; the one that reaches it carries a challenge', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    for (let i = 1; i < LOGIN_CAPTCHA_AFTER_FAILURES; i++) {
      const res = await agent.post(LOGIN, { username: person.username, password: 'wrong guess' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ authenticated: false, status: 'fail', message: LOGIN_FAILED });
    }
    const reached = await agent.post(LOGIN, { username: person.username, password: 'wrong guess' });
    expect(reached.status).toBe(400);
    expect(reached.body).toMatchObject({ authenticated: false, captcha_required: true, status: 'fail', message: LOGIN_FAILED });
    expect(reached.body.captcha_challenge).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) });
  });

  it('without a solved challenge even the right password is refused; solved, it logs in, and a solution passes once', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    const reached = await failUntilCaptcha(agent, person.username);
    const refused = await agent.post(LOGIN, { username: person.username, password: person.password });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ authenticated: false, captcha_required: true, code: 'captcha_required' });
    expect(agent.cookies.has('sessionid')).toBe(false);

    const payload = await solve(reached.body.captcha_challenge);
    const passed = await agent.post(LOGIN, { username: person.username, password: person.password, captcha: payload });
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ authenticated: true, userId: person.id });

    // The same solution again, from someone whose failures ask for the check: refused.
    const other = new Agent(t.app);
    await failUntilCaptcha(other, person.username);
    const replay = await other.post(LOGIN, { username: person.username, password: person.password, captcha: payload });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ captcha_required: true, code: 'captcha_invalid' });
  });

  it('a success with a solved challenge forgets the failures: the next login is not asked', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    const reached = await failUntilCaptcha(agent, person.username);
    const payload = await solve(reached.body.captcha_challenge);
    expect((await agent.post(LOGIN, { username: person.username, password: person.password, captcha: payload })).status).toBe(200);
    expect((await agent.post('/accounts/logout/')).status).toBe(200);
    expect((await agent.post(LOGIN, { username: person.username, password: person.password })).status).toBe(200);
  });

  it('failures from one address ask for the check on any name; an unknown name answers as an account does', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER_FAILURES; i++) await agent.post(LOGIN, { username: `nobody_${i}_${person.username}`, password: 'wrong guess' });
    const res = await agent.post(LOGIN, { username: person.username, password: person.password });
    expect(res.body).toMatchObject({ captcha_required: true, code: 'captcha_required' });
    // Failures on a name ask for it from any address, whether the name is an account or not.
    const known = await failUntilCaptcha(new Agent(t.app), person.email);
    const unknown = await failUntilCaptcha(new Agent(t.app), `nobody.${person.email}`);
    const strip = (body: Record<string, unknown>) => ({ ...body, captcha_challenge: typeof body.captcha_challenge });
    expect(strip(known.body)).toEqual(strip(unknown.body));
    const knownNext = await new Agent(t.app).post(LOGIN, { username: person.email, password: 'x' });
    const unknownNext = await new Agent(t.app).post(LOGIN, { username: `nobody.${person.email}`, password: 'x' });
    expect([knownNext.status, strip(knownNext.body)]).toEqual([unknownNext.status, strip(unknownNext.body)]);
  });

  it('a forged or garbage payload is a 400, never a 500', async () => {
    const person = await signUp(new Agent(t.app));
    const agent = new Agent(t.app);
    const reached = await failUntilCaptcha(agent, person.username);
    const challenge = reached.body.captcha_challenge as Challenge;
    const solution = { counter: 1, derivedKey: '00'.repeat(32) };
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const forged = [
      'not base64 !!', Buffer.from('{"challenge":').toString('base64'), Buffer.from('[]').toString('base64'),
      Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      Buffer.from(JSON.stringify({ challenge: tampered, solution })).toString('base64'),
      Buffer.from(JSON.stringify({ challenge: { ...challenge, signature: undefined }, solution })).toString('base64'),
      Buffer.from(JSON.stringify({ challenge, solution: { counter: 'x', derivedKey: 5 } })).toString('base64'),
      'x'.repeat(5000),
    ];
    for (const captcha of forged) {
      const res = await agent.post(LOGIN, { username: person.username, password: person.password, captcha });
      expect(res.status, captcha.slice(0, 40)).toBe(400);
      expect(agent.cookies.has('sessionid')).toBe(false);
    }
  });

  it('another instance on the same database checks what this one made (and, with Redis, sees its counts)', async () => {
    const second = await createSecondInstance(t);
    try {
      const person = await signUp(new Agent(t.app));
      const { challenge } = (await new Agent(t.app).get('/accounts/captcha/challenge/')).body;
      const payload = await solve(challenge);
      await failUntilCaptcha(new Agent(second.app, undefined, '198.18.250.1'), person.username);
      const res = await new Agent(second.app, undefined, '198.18.250.1').post(LOGIN, { username: person.username, password: person.password, captcha: payload });
      expect(res.status).toBe(200);
      if (process.env.REDIS_URL) {
        await failUntilCaptcha(new Agent(t.app), person.username);
        const there = await new Agent(second.app).post(LOGIN, { username: person.username, password: person.password });
        expect(there.body).toMatchObject({ captcha_required: true, code: 'captcha_required' });
      }
    } finally {
      await second.close();
    }
  });

  it('GET /accounts/captcha/challenge/ answers a fresh signed challenge', async () => {
    const a = await new Agent(t.app).get('/accounts/captcha/challenge/');
    const b = await new Agent(t.app).get('/accounts/captcha/challenge/');
    expect(a.status).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.body.challenge.parameters.nonce).not.toBe(b.body.challenge.parameters.nonce);
  });
});

describe(`captcha at signup (${databaseKind})`, () => {
  it('off by default: signup needs no payload and the landing says captcha_enabled false', async () => {
    expect((await new Agent(t.app).get('/?__a=1')).body.landing.captcha_enabled).toBe(false);
    await signUp(new Agent(t.app));
  });

  it('with SIGNUP_CAPTCHA=true, signup asks for a solved challenge and the landing says so', async () => {
    const on = await createTestApp({ env: { SIGNUP_CAPTCHA: 'true' } });
    try {
      for (const path of ['/?__a=1', '/accounts/emailsignup/?__a=1']) expect((await new Agent(on.app).get(path)).body.landing.captcha_enabled).toBe(true);
      const agent = new Agent(on.app);
      const person = newPerson('captcha');
      const refused = await agent.post('/accounts/web_create_ajax/', person);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ account_created: false, captcha_required: true, code: 'captcha_required' });
      const garbage = await agent.post('/accounts/web_create_ajax/', { ...person, captcha: 'bm9wZQ==' });
      expect(garbage.status).toBe(400);
      expect(garbage.body.code).toBe('captcha_invalid');
      // Nothing was made: the name is still free.
      expect((await agent.post('/accounts/web_create_ajax/attempt/', person)).body.dryrun_passed).toBe(true);

      const { challenge } = (await agent.get('/accounts/captcha/challenge/')).body;
      const payload = await solve(challenge);
      const created = await agent.post('/accounts/web_create_ajax/', { ...person, captcha: payload });
      expect(created.status).toBe(200);
      expect(created.body.account_created).toBe(true);
      const again = await new Agent(on.app).post('/accounts/web_create_ajax/', { ...newPerson('captcha'), captcha: payload });
      expect(again.body.code).toBe('captcha_invalid');
    } finally {
      await on.close();
    }
  });
});
