import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, queryUrl as q, signedUpAgent } from './helpers/agent.js';
import { uploadPhoto } from './helpers/media.js';
import type { Person } from './helpers/summaries.js';
import { databaseKind, sameSessionOn, twoInstances, type TestApp } from './helpers/test-app.js';

type TrayNode = { id: string; seen: number; has_besties_media: boolean };

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`the prepared story tray across two instances (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => { [a, b] = await twoInstances(); });
  afterAll(async () => { await b.close(); await a.close(); });
  const onB = (person: Person) => sameSessionOn(b, person.agent);
  async function tray(agent: Agent): Promise<TrayNode[]> {
    const res = await agent.get(q('feed_tray', {}));
    expect(res.status, res.text).toBe(200);
    return res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e: { node: TrayNode }) => e.node);
  }
  async function postStory(p: Person, audience: 'everyone' | 'besties' = 'everyone') {
    const up = await uploadPhoto(p.agent);
    const res = await p.agent.postJson('/create/configure_to_story/', { upload_id: up.uploadId, audience });
    expect(res.status, res.text).toBe(200);
    return { id: res.body.media.id as string, takenAt: res.body.media.taken_at_timestamp as number };
  }

  it('a write on one instance shows on the tray the other prepared', async () => {
    const owner = await signedUpAgent(a.app);
    const viewer = await signedUpAgent(a.app);
    const friend = await signedUpAgent(a.app);
    const viewerOnB = onB(viewer);
    await viewer.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    await viewer.agent.post(`/web/friendships/${friend.user.id}/follow/`);
    expect(await tray(viewerOnB)).toEqual([]);

    // Each change reaches the other instance by pub/sub, within milliseconds.
    const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });
    // A first story of someone followed: the tray on B did not name them.
    const story = await postStory(owner);
    await poll(async () => (await tray(viewerOnB)).map((n) => n.id)).toEqual([owner.user.id]);

    await viewer.agent.post('/stories/reel/seen/', {
      reelMediaId: story.id, reelMediaOwnerId: owner.user.id, reelId: owner.user.id,
      reelMediaTakenAt: String(story.takenAt), viewSeenAt: String(Math.floor(Date.now() / 1000)),
    });
    await poll(async () => (await tray(viewerOnB))[0]?.seen).toBe(story.takenAt);

    // A close friends' story, then the viewer added to the list.
    await postStory(friend, 'besties');
    expect((await tray(viewerOnB)).map((n) => n.id)).toEqual([owner.user.id]);
    await friend.agent.postJson('/web/close_friends/set/', { add: [viewer.user.id] });
    await poll(async () => (await tray(viewerOnB)).find((n) => n.id === friend.user.id)?.has_besties_media).toBe(true);

    await owner.agent.post(`/stories/${story.id}/delete/`);
    await poll(async () => (await tray(viewerOnB)).map((n) => n.id)).toEqual([friend.user.id]);

    await friend.agent.post(`/web/friendships/${viewer.user.id}/block/`);
    await poll(async () => (await tray(viewerOnB)).map((n) => n.id)).toEqual([]);
  });
});
