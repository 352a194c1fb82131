import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAgent } from './helpers/agent.js';
import { firstPage, idsOf, nodeOf } from './helpers/feed.js';
import { postPhoto } from './helpers/media.js';
import { rename, type Person } from './helpers/summaries.js';
import { databaseKind, sameSessionOn, twoInstances, type TestApp } from './helpers/test-app.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`the feed's prepared first page across two instances (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => { [a, b] = await twoInstances(); });
  afterAll(async () => { await b.close(); await a.close(); });
  const onB = (person: Person) => sameSessionOn(b, person.agent);

  it('a write on one instance shows on the page the other prepared', async () => {
    const owner = await signedUpAgent(a.app);
    const viewer = await signedUpAgent(a.app);
    const other = await signedUpAgent(a.app);
    const viewerOnB = onB(viewer);
    await firstPage(viewer.agent);
    await viewer.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    const media = await postPhoto(owner.agent, 'shared');
    expect(idsOf(await firstPage(viewerOnB))).toEqual([media.id]);

    // Each change reaches the other instance by pub/sub, within milliseconds.
    const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });
    await other.agent.post(`/web/likes/${media.id}/like/`);
    await poll(async () => (await nodeOf(viewerOnB, media.id))?.edge_media_preview_like.count).toBe(1);

    const renamed = `${owner.user.username}_b`.slice(0, 30);
    await rename(owner, renamed);
    await poll(async () => (await nodeOf(viewerOnB, media.id))?.owner.username).toBe(renamed);

    const next = await postPhoto(owner.agent, 'the next one');
    await poll(async () => idsOf(await firstPage(viewerOnB))).toEqual([next.id, media.id]);

    await viewer.agent.post(`/web/friendships/${owner.user.id}/unfollow/`);
    await poll(async () => idsOf(await firstPage(viewerOnB))).toEqual([]);
  });

  it('a block on one instance hides the posts the other served from memory, verdicts and all', async () => {
    const owner = await signedUpAgent(a.app);
    const viewer = await signedUpAgent(a.app);
    const viewerOnB = onB(viewer);
    await viewer.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    const media = await postPhoto(owner.agent, 'seen on B');
    // Built on B, then served from B's memory: the page and the access rules' verdict are both kept there.
    expect(idsOf(await firstPage(viewerOnB))).toEqual([media.id]);
    expect(idsOf(await firstPage(viewerOnB))).toEqual([media.id]);
    expect((await owner.agent.post(`/web/friendships/${viewer.user.id}/block/`)).status).toBe(200);
    await expect.poll(async () => idsOf(await firstPage(viewerOnB)), { timeout: 2000, interval: 20 }).toEqual([]);
  });
});
