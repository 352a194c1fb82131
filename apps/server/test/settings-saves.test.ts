import { PROFILE_SAVE_LIMIT } from '@shutter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
const formOf = (user: { username: string; email: string; first_name: string }) => ({ first_name: user.first_name, username: user.username, email: user.email, gender: '3' });

describe(`settings saves (${databaseKind})`, () => {
  it('R-001-settings-1: the settings pages hold the viewer’s own account only, and a visitor gets none', async () => {
    const a = await person();
    const b = await person();
    expect((await a.agent.get('/accounts/edit/?__a=1')).body.form_data.username).toBe(a.user.username);
    expect((await b.agent.get('/accounts/edit/?__a=1')).body.form_data.username).toBe(b.user.username);
    // No parameter names another account: a save always lands on the session's own.
    await b.agent.post('/accounts/edit/', { ...formOf(b.user), first_name: 'Only B', username: b.user.username, user_id: a.user.id });
    expect((await a.agent.get('/accounts/edit/?__a=1')).body.form_data.first_name).toBe(a.user.first_name);
    const visitor = new Agent(t.app);
    expect((await visitor.get('/accounts/edit/?__a=1')).status).toBe(401);
    expect((await visitor.post('/accounts/set_gender/', { gender: '1' })).status).toBeGreaterThanOrEqual(401);
  });

  it('R-001-settings-13: a failed profile save and a failed password change each carry a non-empty message', async () => {
    const { agent, user } = await person();
    const profile = await agent.post('/accounts/edit/', { ...formOf(user), username: 'no spaces allowed' });
    expect(profile.status).toBe(400);
    expect(typeof profile.body.message).toBe('string');
    expect(profile.body.message.length).toBeGreaterThan(0);
    const password = await agent.post('/accounts/password/change/', { old_password: 'not the password', new_password1: 'a-new-Passw0rd!', new_password2: 'a-new-Passw0rd!' });
    expect(password.status).toBe(400);
    expect(password.body.errors.old_password).toBeDefined();
    expect(password.body.message.length).toBeGreaterThan(0);
  });

  it('R-002-profile-7: the gender saves on its own; a bad choice is refused with a message for the toast', async () => {
    const { agent } = await person();
    const saved = await agent.post('/accounts/set_gender/', { gender: '4', custom_gender: '  Agender ' });
    expect(saved.body).toEqual({ gender: 4, custom_gender: 'Agender', status: 'ok' });
    expect((await agent.get('/accounts/edit/?__a=1')).body.form_data).toMatchObject({ gender: 4, custom_gender: 'Agender' });
    const empty = await agent.post('/accounts/set_gender/', { gender: '4', custom_gender: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.custom_gender).toBeDefined();
    expect(empty.body.message.length).toBeGreaterThan(0);
    const wrong = await agent.post('/accounts/set_gender/', { gender: '7' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.gender).toBeDefined();
    const back = await agent.post('/accounts/set_gender/', { gender: '2', custom_gender: 'ignored' });
    expect(back.body).toEqual({ gender: 2, custom_gender: '', status: 'ok' });
    expect((await agent.get('/accounts/edit/?__a=1')).body.form_data).toMatchObject({ gender: 2, custom_gender: '' });
  });

  it(`R-001-settings-12: saves past ${PROFILE_SAVE_LIMIT.max} an hour are refused as spam with the feedback title, message and link`, async () => {
    const { agent, user } = await person();
    for (let i = 0; i < PROFILE_SAVE_LIMIT.max; i++) {
      expect((await agent.post('/accounts/edit/', { ...formOf(user), first_name: `Name ${i}` })).status).toBe(200);
    }
    const refused = await agent.post('/accounts/edit/', { ...formOf(user), first_name: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'fail', spam: true });
    for (const field of ['feedback_title', 'feedback_message', 'feedback_url']) expect(refused.body[field].length).toBeGreaterThan(0);
    expect((await agent.get('/accounts/edit/?__a=1')).body.form_data.first_name).toBe(`Name ${PROFILE_SAVE_LIMIT.max - 1}`);
    expect((await agent.post('/accounts/set_gender/', { gender: '1' })).body.spam).toBe(true);
    // Another person's saves are their own.
    const other = await person();
    expect((await other.agent.post('/accounts/edit/', formOf(other.user))).status).toBe(200);
  });
});
