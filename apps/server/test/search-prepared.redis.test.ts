import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchUserResult } from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { databaseKind, sameSessionOn, twoInstances, type TestApp } from './helpers/test-app.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`prepared search answers across two instances (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => { [a, b] = await twoInstances(); });
  afterAll(async () => { await b.close(); await a.close(); });

  const word = () => `q${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  async function named(first: string, k: string) {
    const agent = new Agent(a.app);
    const user = await signUp(agent, { ...newPerson('spr'), first_name: `${first} ${k}`, username: `${first.toLowerCase()}_${k}` });
    return { agent, user };
  }
  const users = async (agent: Agent, query: string): Promise<SearchUserResult[]> =>
    ((await agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}`)).body as { users: { user: SearchUserResult }[] }).users.map((u) => u.user);
  const names = async (agent: Agent, query: string) => (await users(agent, query)).map((u) => u.username).sort();
  // Each change reaches the other instance by pub/sub, within milliseconds.
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });

  it('a write on one instance shows in the answers the other kept: a new account, a privacy switch, a block', async () => {
    const k = word();
    const shown = await named('Dora', k);
    const viewer = await named('Viewer', word());
    const viewerOnB = sameSessionOn(b, viewer.agent);
    const visitorOnB = new Agent(b.app);
    for (const agent of [viewerOnB, visitorOnB]) expect(await names(agent, k)).toEqual([shown.user.username]);

    const late = await named('Emil', k);
    for (const agent of [viewerOnB, visitorOnB]) await poll(() => names(agent, k)).toEqual([shown.user.username, late.user.username].sort());

    expect((await shown.agent.post('/accounts/set_private/')).status).toBe(200);
    for (const agent of [viewerOnB, visitorOnB]) await poll(async () => (await users(agent, k)).find((u) => u.pk === shown.user.id)?.is_private).toBe(true);

    expect((await late.agent.post(`/web/friendships/${viewer.user.id}/block/`)).status).toBe(200);
    await poll(() => names(viewerOnB, k)).toEqual([shown.user.username]);
    expect(await names(visitorOnB, k)).toEqual([shown.user.username, late.user.username].sort());
    expect((await late.agent.post(`/web/friendships/${viewer.user.id}/unblock/`)).status).toBe(200);
    await poll(() => names(viewerOnB, k)).toEqual([shown.user.username, late.user.username].sort());
  });

  it("a post on one instance shows in the hashtags the other kept for everyone, to a person searching it for the first time", async () => {
    const k = word();
    const poster = await named('Poster', word());
    await postPhoto(poster.agent, `#${k}tag`);
    const tags = async (agent: Agent) =>
      ((await agent.get(`/web/search/topsearch/?query=${k}`)).body as { hashtags: { hashtag: { name: string; media_count: number } }[] }).hashtags
        .map((h) => [h.hashtag.name, h.hashtag.media_count]);
    expect(await tags(new Agent(b.app))).toEqual([[`${k}tag`, 1]]);
    const readerOnB = sameSessionOn(b, (await named('Reader', word())).agent);
    await postPhoto(poster.agent, `again #${k}tag`);
    // The reader's first search on B: what B kept for everyone is all that could be stale.
    await poll(() => tags(readerOnB)).toEqual([[`${k}tag`, 2]]);
  });
});
