import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchUserResult, TopSearchAnswer } from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { rename, type Person } from './helpers/summaries.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { setRoleByUsername } from '../src/features/moderation/roles.js';
import { createReportsRepository } from '../src/features/reports/repository.js';
import { createIdGenerator } from '../src/platform/ids.js';

/**
 * A search answered lately is kept ready per viewer (visitors share theirs) and answered again as
 * it was built: each test searches (so the answer is kept), makes one kind of write, and searches
 * again to see that write.
 */
describe(`prepared search answers (${databaseKind})`, () => {
  let t: TestApp;
  const nextId = createIdGenerator(4093);
  const statements = { n: 0 };
  beforeAll(async () => { t = await createTestApp({ countQueries: statements }); });
  afterAll(async () => { await t.close(); });

  /** A word no other test's names hold, so each test's searches find only its own people. */
  const word = () => `q${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  async function named(first: string, k: string): Promise<Person> {
    const agent = new Agent(t.app);
    const user = await signUp(agent, { ...newPerson('sp'), first_name: `${first} ${k}`, username: `${first.toLowerCase()}_${k}` });
    return { agent, user };
  }
  async function search(agent: Agent, query: string, reel = false, context = 'blended'): Promise<TopSearchAnswer> {
    const res = await agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}&context=${context}${reel ? '&include_reel=true' : ''}`);
    expect(res.status).toBe(200);
    return res.body as TopSearchAnswer;
  }
  const users = async (agent: Agent, query: string): Promise<SearchUserResult[]> => (await search(agent, query)).users.map((u) => u.user);
  const usernames = async (agent: Agent, query: string) => (await users(agent, query)).map((u) => u.username);

  /** Two people named after one word, a viewer, a visitor, and both answers kept. */
  async function scene() {
    const k = word();
    const shown = await named('Anna', k);
    const other = await named('Bruno', k);
    const viewer = await named('Viewer', word());
    const anon = new Agent(t.app);
    for (const agent of [viewer.agent, anon]) expect((await usernames(agent, k)).sort()).toEqual([shown.user.username, other.user.username].sort());
    return { k, shown, other, viewer, anon };
  }

  it('is answered again with no statement to a visitor, with the session\'s lookup alone to a signed-in viewer, each with its own rank token', async () => {
    const { k, viewer, anon } = await scene();
    const first = await search(anon, k);
    statements.n = 0;
    const again = await search(anon, k);
    expect(statements.n).toBe(0);
    expect({ ...again, rank_token: '' }).toEqual({ ...first, rank_token: '' });
    expect(again.rank_token).not.toBe(first.rank_token);

    const mine = await search(viewer.agent, k);
    statements.n = 0;
    expect({ ...(await search(viewer.agent, k)), rank_token: '' }).toEqual({ ...mine, rank_token: '' });
    expect(statements.n).toBeLessThanOrEqual(1);
  });

  it('finds an account made after the answer was kept, for visitors and people alike', async () => {
    const { k, shown, other, viewer, anon } = await scene();
    const late = await named('Carla', k);
    const expected = [shown.user.username, other.user.username, late.user.username].sort();
    for (const agent of [viewer.agent, anon]) expect((await usernames(agent, k)).sort()).toEqual(expected);
  });

  it('shows a new name, and no longer finds the old one', async () => {
    const { k, shown, viewer, anon } = await scene();
    const before = `${shown.user.username}`;
    for (const agent of [viewer.agent, anon]) expect(await usernames(agent, before)).toContain(before);
    await rename(shown, `${before}_r`.slice(0, 30), `Renamed ${k}`);
    for (const agent of [viewer.agent, anon]) {
      expect((await users(agent, k)).find((u) => u.pk === shown.user.id)).toMatchObject({ username: `${before}_r`.slice(0, 30), full_name: `Renamed ${k}` });
      expect(await usernames(agent, before)).not.toContain(before);
    }
  });

  it('shows an account turned private by its owner', async () => {
    const { k, shown, viewer, anon } = await scene();
    expect((await shown.agent.post('/accounts/set_private/')).status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect((await users(agent, k)).find((u) => u.pk === shown.user.id)?.is_private).toBe(true);
  });

  it('shows the viewer\'s follow, and the follow back to them', async () => {
    const { k, shown, viewer } = await scene();
    expect((await viewer.agent.post(`/web/friendships/${shown.user.id}/follow/`)).status).toBe(200);
    expect((await users(viewer.agent, k)).find((u) => u.pk === shown.user.id)).toMatchObject({ followed_by_viewer: true, search_social_context: 'Following' });
    const { k: k2, shown: s2, viewer: v2 } = await scene();
    expect((await s2.agent.post(`/web/friendships/${v2.user.id}/follow/`)).status).toBe(200);
    expect((await users(v2.agent, k2)).find((u) => u.pk === s2.user.id)?.follows_viewer).toBe(true);
  });

  it('leaves out someone who blocks the viewer, and someone the viewer blocks, but not for others', async () => {
    const { k, shown, other, viewer, anon } = await scene();
    expect((await shown.agent.post(`/web/friendships/${viewer.user.id}/block/`)).status).toBe(200);
    expect(await usernames(viewer.agent, k)).toEqual([other.user.username]);
    expect((await viewer.agent.post(`/web/friendships/${other.user.id}/block/`)).status).toBe(200);
    expect(await usernames(viewer.agent, k)).toEqual([]);
    expect((await usernames(anon, k)).sort()).toEqual([shown.user.username, other.user.username].sort());
  });

  it('leaves out an account its owner deactivates, and one a moderator suspends', async () => {
    const { k, shown, other, viewer, anon } = await scene();
    expect((await shown.agent.post('/accounts/deactivate/', { password: shown.user.password })).status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect(await usernames(agent, k)).toEqual([other.user.username]);

    const mod = await named('Mod', word());
    expect(await setRoleByUsername(t.db, mod.user.username, 'moderator')).toMatchObject({ ok: true });
    const reportId = await createReportsRepository(t.db).file({
      id: nextId(), objectType: 'user', objectId: other.user.id, targetUserId: other.user.id, reporterId: viewer.user.id, tags: ['spam'], victim: null,
    });
    const res = await mod.agent.post(`/api/v1/admin/accounts/${other.user.id}/action/`, { type: 'suspend', report_id: reportId, text: 'Spam account' });
    expect(res.status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect(await usernames(agent, k)).toEqual([]);
  });

  it('draws the ring of a story posted by someone it shows, and greys it once the viewer saw it', async () => {
    const { k, shown, viewer, anon } = await scene();
    const ringOf = async (agent: Agent) => (await search(agent, k, true)).users.find((u) => u.user.pk === shown.user.id)?.user.reel ?? null;
    for (const agent of [viewer.agent, anon]) expect(await ringOf(agent)).toBeNull();
    const up = await uploadPhoto(shown.agent);
    const posted = await shown.agent.postJson('/create/configure_to_story/', { upload_id: up.uploadId, audience: 'everyone' });
    expect(posted.status).toBe(200);
    const story = posted.body.media as { id: string; taken_at_timestamp: number };
    const ring = await ringOf(viewer.agent);
    expect(ring).toMatchObject({ id: shown.user.id, latest_reel_media: story.taken_at_timestamp, seen: 0 });
    expect(await ringOf(anon)).not.toBeNull();

    expect((await viewer.agent.post('/stories/reel/seen/', {
      reelMediaId: story.id, reelMediaOwnerId: shown.user.id, reelId: shown.user.id,
      reelMediaTakenAt: String(story.taken_at_timestamp), viewSeenAt: String(Math.floor(Date.now() / 1000)),
    })).status).toBe(200);
    expect((await ringOf(viewer.agent))?.seen).toBeGreaterThanOrEqual(ring!.latest_reel_media);
  });

  it('shows a hashtag someone it does not name just used, and its count, at once', async () => {
    const k = word();
    const anon = new Agent(t.app);
    const poster = await named('Poster', word());
    const tags = async () => (await search(anon, k)).hashtags.map((h) => [h.hashtag.name, h.hashtag.media_count]);
    expect(await tags()).toEqual([]);
    await postPhoto(poster.agent, `#${k}tag`);
    expect(await tags()).toEqual([[`${k}tag`, 1]]);
    await postPhoto(poster.agent, `again #${k}tag`);
    expect(await tags()).toEqual([[`${k}tag`, 2]]);
  });

  it("answers a person's first search of a query someone just asked with the hashtags and places kept for everyone, and any write renews them", async () => {
    const k = word();
    const poster = await named('Poster', word());
    await postPhoto(poster.agent, `#${k}tag`);
    const first = await named('First', word());
    const second = await named('Second', word());
    const third = await named('Third', word());
    // Each person's first search of the query: the first reads the hashtags and places, the second does not.
    statements.n = 0;
    const a = await search(first.agent, k);
    const firstCost = statements.n;
    statements.n = 0;
    const b = await search(second.agent, k);
    expect(statements.n).toBeLessThanOrEqual(firstCost - 2);
    expect(b.hashtags).toEqual(a.hashtags);
    expect(b.places).toEqual(a.places);
    expect(b.hashtags.map((h) => [h.hashtag.name, h.hashtag.media_count])).toEqual([[`${k}tag`, 1]]);
    // Anyone's post drops what was kept: the next person's first search counts it.
    await postPhoto(poster.agent, `again #${k}tag and #${k}two`);
    expect((await search(third.agent, k)).hashtags.map((h) => [h.hashtag.name, h.hashtag.media_count]).sort()).toEqual([[`${k}tag`, 2], [`${k}two`, 1]]);
  });

  it('keeps a search of people alone through writes that do not concern those it shows', async () => {
    const { k, anon } = await scene();
    // Made first: a new account may belong in any search, so its making drops them all.
    const stranger = await named('Stranger', word());
    const first = await search(anon, k, false, 'user');
    await postPhoto(stranger.agent, 'nothing to do with them');
    statements.n = 0;
    expect({ ...(await search(anon, k, false, 'user')), rank_token: '' }).toEqual({ ...first, rank_token: '' });
    expect(statements.n).toBe(0);
  });
});
