import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { rename } from './helpers/summaries.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`people search's index on two instances sharing one Redis (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondInstance(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const tag = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');
  const found = async (agent: Agent, query: string) =>
    ((await agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}`)).body as { users: { user: { username: string } }[] }).users.map((u) => u.user.username);

  it('an account made or renamed on one instance is found by its new names on the other, and not by its old ones', async () => {
    const k = tag();
    const visitorOnB = new Agent(b.app);
    const agent = new Agent(a.app);
    const user = await signUp(agent, { ...newPerson('ix'), first_name: `Twofold ${k}`, username: `ixtwo${k}` });
    // Both instances loaded their index before this account existed: B learns of it by pub/sub.
    await expect.poll(() => found(visitorOnB, `twofold ${k}`), { timeout: 2000, interval: 20 }).toEqual([user.username]);

    await rename({ agent, user }, `ixmoved${k}`, `Elsewhere ${k}`);
    await expect.poll(() => found(visitorOnB, `elsewhere ${k}`), { timeout: 2000, interval: 20 }).toEqual([`ixmoved${k}`]);
    expect(await found(visitorOnB, `ixmoved${k}`)).toEqual([`ixmoved${k}`]);
    expect(await found(visitorOnB, `twofold ${k}`)).toEqual([]);
  });
});
