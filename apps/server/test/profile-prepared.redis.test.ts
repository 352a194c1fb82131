import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileUser } from '@shutter/contract';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { rename, type Person } from './helpers/summaries.js';
import { databaseKind, sameSessionOn, twoInstances, type TestApp } from './helpers/test-app.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`the prepared profile page across two instances (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => { [a, b] = await twoInstances(); });
  afterAll(async () => { await b.close(); await a.close(); });
  const onB = (person: Person) => sameSessionOn(b, person.agent);
  const profile = async (agent: Agent, username: string) => {
    const res = await agent.get(`/${username}/?__a=1`);
    return res.status === 200 ? (res.body.graphql.user as ProfileUser) : res.status;
  };
  const field = <K extends keyof ProfileUser>(user: ProfileUser | number, key: K) => (typeof user === 'number' ? user : user[key]);

  it('a write on one instance shows on the answer the other prepared', async () => {
    const owner = await signedUpAgent(a.app);
    const viewer = await signedUpAgent(a.app);
    const other = await signedUpAgent(a.app);
    const viewerOnB = onB(viewer);
    const visitorOnB = new Agent(b.app);
    await viewer.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    const media = await postPhoto(owner.agent, 'shared');
    for (const agent of [viewerOnB, visitorOnB]) expect(field(await profile(agent, owner.user.username), 'edge_owner_to_timeline_media')).toMatchObject({ count: 1 });

    // Each change reaches the other instance by pub/sub, within milliseconds.
    const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });
    const node = async (agent: Agent, username: string) => {
      const user = await profile(agent, username);
      return typeof user === 'number' ? undefined : user.edge_owner_to_timeline_media.edges?.[0]?.node;
    };
    await other.agent.post(`/web/likes/${media.id}/like/`);
    for (const agent of [viewerOnB, visitorOnB]) await poll(async () => (await node(agent, owner.user.username))?.edge_media_preview_like.count).toBe(1);

    await other.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    for (const agent of [viewerOnB, visitorOnB]) await poll(async () => field(await profile(agent, owner.user.username), 'edge_followed_by')).toEqual({ count: 2 });

    const form = (await owner.agent.get('/accounts/edit/?__a=1')).body.form_data;
    await owner.agent.post('/accounts/edit/', { ...form, biography: 'said on A' });
    for (const agent of [viewerOnB, visitorOnB]) await poll(async () => field(await profile(agent, owner.user.username), 'biography')).toBe('said on A');

    const renamed = `${owner.user.username}_b`.slice(0, 30);
    await rename(owner, renamed);
    await poll(async () => field(await profile(viewerOnB, owner.user.username), 'username')).toBe(404);
    expect(field(await profile(viewerOnB, renamed), 'username')).toBe(renamed);

    const next = await postPhoto(owner.agent, 'the next one');
    for (const agent of [viewerOnB, visitorOnB]) await poll(async () => (await node(agent, renamed))?.id).toBe(next.id);

    await owner.agent.post(`/web/friendships/${viewer.user.id}/block/`);
    await poll(async () => profile(viewerOnB, renamed)).toBe(404);
  });
});
