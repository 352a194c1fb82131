import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAgent } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const statements = { n: 0 };
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ countQueries: statements }); });
afterAll(async () => { await t.close(); });

const cost = async (run: () => Promise<unknown>) => {
  const before = statements.n;
  await run();
  return statements.n - before;
};

describe(`sessions from the cache (${databaseKind})`, () => {
  it('a session is read from the database once, then served from memory', async () => {
    const person = await signedUpAgent(t.app);
    const first = await cost(() => person.agent.get('/data/shared_data/'));
    const again = await cost(() => person.agent.get('/data/shared_data/'));
    // The lookup is two statements: the session, then its user (read through the accounts area);
    // the terms the person agreed to are read once too. Asked again, neither is read.
    expect(first).toBeGreaterThanOrEqual(2);
    expect(again).toBe(0);
  });

  it('a change of name drops the cached session: the next answer has the new username', async () => {
    const person = await signedUpAgent(t.app);
    expect((await person.agent.get('/data/shared_data/')).body.config.viewer.username).toBe(person.user.username);
    const form = (await person.agent.get('/accounts/edit/?__a=1')).body.form_data;
    const renamed = `${person.user.username}_x`.slice(0, 30);
    const saved = await person.agent.post('/accounts/edit/', { ...form, username: renamed, email: form.email, first_name: form.first_name ?? '' });
    expect(saved.status).toBe(200);
    expect((await person.agent.get('/data/shared_data/')).body.config.viewer.username).toBe(renamed);
  });
});
