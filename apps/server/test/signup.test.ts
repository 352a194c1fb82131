import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe(`signup (${databaseKind})`, () => {
  it('the dry run passes a valid form and creates nothing', async () => {
    const agent = new Agent(t.app);
    const person = newPerson('dry');
    const res = await agent.post('/accounts/web_create_ajax/attempt/', person);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account_created: false, dryrun_passed: true, status: 'ok' });
    const row = await t.db.selectFrom('users').select('id').where('username', '=', person.username).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('R-000-signup-2: the dry run answers per-field errors from the server, as a check that succeeded (200)', async () => {
    const res = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', { email: 'not-an-email', username: 'bad name!', password: '123', first_name: '' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.dryrun_passed).toBe(false);
    expect(res.body.error_type).toBe('form_validation_error');
    expect(res.body.account_created).toBe(false);
    expect(res.body.errors.email[0]).toMatch(/valid email/);
    expect(res.body.errors.username[0]).toMatch(/letters, numbers, underscores and periods/);
    expect(res.body.errors.password[0]).toMatch(/at least 8 characters/);
    expect(res.body.errors.first_name).toBeUndefined();
  });

  it('a password needs at least 8 characters (the spec asks for 6; we ask for more)', async () => {
    const agent = new Agent(t.app);
    for (const password of ['kq7#z', 'kq7#zw', 'kq7#zwp']) {
      const short = await agent.post('/accounts/web_create_ajax/attempt/', { ...newPerson(), password });
      expect(short.body.errors.password, password).toEqual(['Create a password at least 8 characters long.']);
    }
    const eight = await agent.post('/accounts/web_create_ajax/attempt/', { ...newPerson(), password: 'kq7#zwp!' });
    expect(eight.body.errors?.password).toBeUndefined();
  });

  it('refuses the 100,000 most common passwords, checked offline', async () => {
    const agent = new Agent(t.app);
    // From the top of the list down to rank 95,046 of a ten-million password corpus.
    for (const password of ['password', '12345678', 'qwerty123', 'iloveyou', 'Password2', 'vEf6g55frZ', 'eqeS606898']) {
      const res = await agent.post('/accounts/web_create_ajax/attempt/', { ...newPerson(), password });
      expect(res.body.errors?.password, password).toEqual(['This password is too easy to guess. Please create a new one.']);
    }
    const rare = await agent.post('/accounts/web_create_ajax/attempt/', { ...newPerson(), password: 'eqeS606898 and more' });
    expect(rare.body.errors?.password).toBeUndefined();
  });

  it('refuses the username or the email as the password, in any case', async () => {
    const agent = new Agent(t.app);
    const p = newPerson();
    for (const password of [p.username, p.username.toUpperCase(), p.email, ` ${p.email.toUpperCase()}`.trim()]) {
      const res = await agent.post('/accounts/web_create_ajax/attempt/', { ...p, password });
      expect(res.body.errors?.password, password).toEqual(['This password is too easy to guess. Please create a new one.']);
    }
    const signup = await agent.post('/accounts/web_create_ajax/', { ...p, password: p.email });
    expect(signup.status).toBe(400);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', p.username).executeTakeFirst()).toBeUndefined();
  });

  it('usernames are 1 to 30 letters, digits, periods and underscores', async () => {
    const agent = new Agent(t.app);
    const check = async (username: string) => (await agent.post('/accounts/web_create_ajax/attempt/', { ...newPerson(), username })).body.errors?.username;
    expect(await check('a')).toBeUndefined();
    expect(await check('a'.repeat(30))).toBeUndefined();
    expect(await check('a'.repeat(31))).toEqual(['Enter a username of 30 characters or fewer.']);
    expect(await check('')).toEqual(['Enter a username.']);
    expect(await check('has space')).toBeDefined();
    expect(await check('émile')).toBeDefined();
    expect(await check('.dot')).toBeDefined();
    expect(await check('two..dots')).toBeDefined();
    expect(await check('under_score.dot9')).toBeUndefined();
    // names of the product's own pages are never usernames
    expect(await check('explore')).toBeDefined();
    expect(await check('Accounts')).toBeDefined();
  });

  it('creates the account, logs in and answers the user id', async () => {
    const agent = new Agent(t.app);
    const person = newPerson('new');
    const res = await agent.post('/accounts/web_create_ajax/', person);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ account_created: true, user_id: expect.stringMatching(/^\d+$/), status: 'ok' });
    const cookie = res.headers['set-cookie'];
    const session = (Array.isArray(cookie) ? cookie : [cookie]).find((c) => c?.startsWith('sessionid='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/); // plain HTTP here; Secure behind TLS
    const shared = await agent.get('/data/shared_data/');
    expect(shared.body.config.viewer).toMatchObject({ id: res.body.user_id, username: person.username, full_name: person.first_name, has_profile_pic: false });
    const row = await t.db.selectFrom('users').select(['password_hash', 'email']).where('id', '=', res.body.user_id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email).toBe(person.email);
  });

  it('usernames and emails are unique regardless of case, with suggestions for a taken name', async () => {
    const first = await signUp(new Agent(t.app), newPerson('taken'));
    const agent = new Agent(t.app);
    const res = await agent.post('/accounts/web_create_ajax/', { ...newPerson(), username: first.username.toUpperCase(), email: first.email.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ account_created: false, status: 'fail' });
    expect(res.body.errors.username).toEqual(["This username isn't available. Please try another."]);
    expect(res.body.errors.email).toEqual(['Another account is using the same email.']);
    expect(res.body.username_suggestions.length).toBeGreaterThan(0);
    for (const s of res.body.username_suggestions) {
      expect(s).toMatch(/^[a-z0-9._]{1,30}$/);
      expect(s.toLowerCase()).not.toBe(first.username.toLowerCase());
    }
    const count = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('username_lower', '=', first.username.toLowerCase()).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('R-000-signup-6: a failed signup answers the field errors and leaves nothing written', async () => {
    const before = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await new Agent(t.app).post('/accounts/web_create_ajax/', { ...newPerson(), password: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toBeDefined();
    const after = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(res.headers['set-cookie']?.toString() ?? '').not.toMatch(/sessionid=/);
  });

  it('two signups racing for one username create one account', async () => {
    const person = newPerson('race');
    const [a, b] = await Promise.all([
      new Agent(t.app).post('/accounts/web_create_ajax/', person),
      new Agent(t.app).post('/accounts/web_create_ajax/', { ...person, email: `other.${person.email}` }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });
});
