import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '../../src/features/auth/service.js';
import { servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The auth service on the test database: signup, login, password change and sessions, for the account holder and for anyone else. */
let t: TestApp;
let s: Services;
const client = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', ip: '203.0.113.9' };
const open = async () => undefined;
let n = 0;

async function signup(name?: string) {
  const username = name ?? `member${Date.now() % 1e7}${(n += 1)}`;
  const password = 'correct horse battery';
  const made = await s.auth.signup({ email: `${username}@example.org`, username, password, first_name: 'Member', month: '', day: '', year: '', phone_number: '', sms_code: '', parent_email: '', opt_into_one_tap: false }, client);
  if (!made.created) throw new Error(`signup failed: ${JSON.stringify(made.problems.body())}`);
  if (!made.token) throw new Error('signup made no session');
  return { ...made, token: made.token, username, password };
}
const sessionsOf = async (userId: string) => t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`auth service (${databaseKind})`, () => {
  it('a signup makes the account and a session its token opens', async () => {
    const made = await signup();
    const found = await s.sessions.find(made.token);
    expect(found?.user.id).toBe(made.userId);
    const row = await t.db.selectFrom('users').select(['username', 'password_hash']).where('id', '=', made.userId).executeTakeFirstOrThrow();
    expect(row.username).toBe(made.username);
    expect(row.password_hash).not.toContain(made.password);
  });

  it('a taken username or email is refused by field, with free names suggested, and no account is made', async () => {
    const first = await signup();
    const before = (await t.db.selectFrom('users').select('id').execute()).length;
    const again = await s.auth.signup({ email: `${first.username}@example.org`, username: first.username.toUpperCase(), password: 'another long secret', first_name: 'Member', month: '', day: '', year: '', phone_number: '', sms_code: '', parent_email: '', opt_into_one_tap: false }, client);
    expect(again.created).toBe(false);
    if (again.created) return;
    expect(again.problems.has('username')).toBe(true);
    expect(again.problems.has('email')).toBe(true);
    expect(again.suggestions.map((x) => x.toLowerCase())).not.toContain(first.username);
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(before);
  });

  it('login works by username or email; a wrong password and an unknown account get one same answer and no session', async () => {
    const made = await signup();
    expect((await s.auth.login({ username: made.username, password: made.password }, client, open)).result).toMatchObject({ authenticated: true, userId: made.userId });
    expect((await s.auth.login({ username: `${made.username}@example.org`, password: made.password }, client, open)).result).toMatchObject({ authenticated: true });
    const count = (await sessionsOf(made.userId)).length;
    const wrong = await s.auth.login({ username: made.username, password: 'not the password' }, client, open);
    const unknown = await s.auth.login({ username: 'no_such_member_here', password: 'not the password' }, client, open);
    expect(wrong).toEqual({ result: { authenticated: false, status: 'fail', message: LOGIN_FAILED } });
    expect(unknown).toEqual(wrong);
    expect(await sessionsOf(made.userId)).toHaveLength(count);
  });

  it('the per-account limit is asked before the password, with the name as typed, and a refusal opens no session', async () => {
    const made = await signup();
    const asked: string[] = [];
    const locked = async (key: string) => { asked.push(key); throw Object.assign(new Error('locked'), { statusCode: 429 }); };
    const before = (await sessionsOf(made.userId)).length;
    await expect(s.auth.login({ username: made.username.toUpperCase(), password: made.password }, client, locked)).rejects.toMatchObject({ statusCode: 429 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.toLowerCase()).toContain(made.username);
    expect(await sessionsOf(made.userId)).toHaveLength(before);
  });

  it('a password change needs the old password; done, it ends the account\'s other sessions and keeps this one', async () => {
    const made = await signup();
    const other = await s.auth.login({ username: made.username, password: made.password }, client, open);
    const current = (await s.sessions.find(made.token))!;
    const body = (old: string) => ({ old_password: old, new_password1: 'a brand new secret 42', new_password2: 'a brand new secret 42' });
    await expect(s.auth.changePassword(made.userId, current.sessionId, body('wrong old one'))).rejects.toMatchObject({ statusCode: 400, extra: { code: 'old_password_wrong' } });
    expect(await s.sessions.find(other.token!)).not.toBeNull();
    await s.auth.changePassword(made.userId, current.sessionId, body(made.password));
    expect(await s.sessions.find(other.token!)).toBeNull();
    expect(await s.sessions.find(made.token)).not.toBeNull();
    expect((await s.auth.login({ username: made.username, password: made.password }, client, open)).result.authenticated).toBe(false);
    expect((await s.auth.login({ username: made.username, password: 'a brand new secret 42' }, client, open)).result.authenticated).toBe(true);
  });

  it('a new password that differs from its confirmation, or repeats the old one, is refused and changes nothing', async () => {
    const made = await signup();
    const current = (await s.sessions.find(made.token))!;
    await expect(s.auth.changePassword(made.userId, current.sessionId, { old_password: made.password, new_password1: 'first new secret 1', new_password2: 'second new secret 2' }))
      .rejects.toMatchObject({ statusCode: 400, extra: { code: 'passwords_differ' } });
    await expect(s.auth.changePassword(made.userId, current.sessionId, { old_password: made.password, new_password1: made.password, new_password2: made.password }))
      .rejects.toMatchObject({ statusCode: 400 });
    expect((await s.auth.login({ username: made.username, password: made.password }, client, open)).result.authenticated).toBe(true);
  });

  it('a person lists and ends only their own sessions: another\'s session is not found and stays', async () => {
    const a = await signup();
    const b = await signup();
    const aSession = (await s.sessions.find(a.token))!;
    const bSession = (await s.sessions.find(b.token))!;
    const list = await s.auth.listSessions(a.userId, aSession.sessionId, 10, null);
    expect(list.sessions.map((x) => x.id)).toEqual([aSession.sessionId]);
    expect(list.sessions[0]!.is_current).toBe(true);
    await expect(s.auth.endSession(a.userId, bSession.sessionId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await s.sessions.find(b.token)).not.toBeNull();
    await s.auth.endSession(b.userId, bSession.sessionId);
    expect(await s.sessions.find(b.token)).toBeNull();
  });
});
