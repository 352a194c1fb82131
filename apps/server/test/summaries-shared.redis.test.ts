import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { rename, seen, type Person } from './helpers/summaries.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`two instances sharing one Redis (${databaseKind})`, () => {
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

  /** The same browser session, talking to the other instance. */
  const onB = (person: Person) => {
    const agent = new Agent(b.app);
    for (const [k, v] of person.agent.cookies) agent.cookies.set(k, v);
    return agent;
  };

  it('a write on one instance shows on the other, which had the post cached', async () => {
    const owner = await signedUpAgent(a.app);
    const fan = await signedUpAgent(a.app);
    const fanOnB = onB(fan);
    const media = await postPhoto(owner.agent, 'shared');
    expect((await seen(fanOnB, media.shortcode)).edge_media_preview_like.count).toBe(0);
    await fan.agent.post(`/web/likes/${media.id}/like/`);
    // The invalidation reaches the other instance by pub/sub, within milliseconds.
    await expect.poll(async () => (await seen(fanOnB, media.shortcode)).edge_media_preview_like.count, { timeout: 2000, interval: 20 }).toBe(1);

    const renamed = `${owner.user.username}_b`.slice(0, 30);
    await rename({ agent: onB(owner), user: owner.user }, renamed);
    await expect.poll(async () => (await seen(fan.agent, media.shortcode)).owner.username, { timeout: 2000, interval: 20 }).toBe(renamed);
  });
});
