import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_TTL_MS } from '@shutter/contract';
import { followList, profileUser, topSearch } from '@shutter/contract/results';
import { createStoryRings } from '../src/features/stories/rings.js';
import { Agent, newPerson, queryUrl, signedUpAgent, signUp } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { addCloseFriend, insertStory } from './helpers/story-rows.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
const q = queryUrl;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const story = (owner: Person, opts: Parameters<typeof insertStory>[3] = {}) => insertStory(t.db, t.storage, owner.user.id, opts);
/** A story posted as people post one (its answer kept ready for others is dropped by that write). */
async function postStory(owner: Person): Promise<{ takenAt: number }> {
  const up = await uploadPhoto(owner.agent);
  expect(up.status).toBe(200);
  const res = await owner.agent.postJson('/create/configure_to_story/', { upload_id: up.uploadId, audience: 'everyone' });
  expect(res.status, res.text).toBe(200);
  return { takenAt: res.body.media.taken_at_timestamp as number };
}
/** The ring on a profile's header, as `agent` sees it. */
const profileRing = async (agent: Agent, owner: Person) => {
  const res = await agent.get(`/${owner.user.username}/?__a=1`);
  expect(res.status).toBe(200);
  return profileUser.parse(res.body.graphql.user).reel;
};

describe(`story rings (${databaseKind})`, () => {
  it('R-000-story-tray-1: a logged-out visitor sees a ring only on a public account with a story shown to everyone', async () => {
    const [open, closed, friendsOnly, none] = [await person(), await person(), await person(), await person()];
    const posted = await story(open);
    await story(closed);
    await makePrivate(t.db, closed.user.id);
    await story(friendsOnly, { audience: 'besties' });
    const visitor = new Agent(t.app);
    expect(await profileRing(visitor, open)).toEqual({ id: open.user.id, latest_reel_media: seconds(posted.takenAt), seen: 0, has_besties_media: false });
    expect(await profileRing(visitor, closed)).toBeNull();
    expect(await profileRing(visitor, friendsOnly)).toBeNull();
    expect(await profileRing(visitor, none)).toBeNull();
    // The same in a list a visitor may read: the likers of a post.
    const post = await postPhoto(none.agent, 'liked by all');
    for (const p of [open, closed, friendsOnly]) await p.agent.post(`/web/likes/${post.id}/like/`);
    const likers = (await visitor.get(q('liked_by', { shortcode: post.shortcode }))).body.data.shortcode_media.edge_liked_by.edges as { node: { id: string; reel: unknown } }[];
    expect(Object.fromEntries(likers.map((e) => [e.node.id, e.node.reel]))).toEqual({
      [open.user.id]: { id: open.user.id, latest_reel_media: seconds(posted.takenAt), seen: 0, has_besties_media: false },
      [closed.user.id]: null,
      [friendsOnly.user.id]: null,
    });
  });

  it('R-002-story-ring-2: logged out, search results carry a ring only for a public story', async () => {
    const k = Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q');
    const named = async (username: string) => {
      const agent = new Agent(t.app);
      return { agent, user: await signUp(agent, { ...newPerson('r'), username }) };
    };
    const open = await named(`ring${k}_open`);
    const closed = await named(`ring${k}_closed`);
    await makePrivate(t.db, closed.user.id);
    await story(open);
    await story(open);
    await story(closed);
    const res = await new Agent(t.app).get(`/web/search/topsearch/?context=user&include_reel=true&query=ring${k}`);
    const found = topSearch.parse(res.body).users.map((u) => u.user);
    const byName = Object.fromEntries(found.map((u) => [u.username, u]));
    expect(byName[`ring${k}_open`]).toMatchObject({ reel: { id: open.user.id, seen: 0, has_besties_media: false }, unseen_count: 2 });
    expect(byName[`ring${k}_closed`]).toMatchObject({ reel: null, unseen_count: 0 });
    // Without include_reel no ring is looked for.
    const plain = await new Agent(t.app).get(`/web/search/topsearch/?context=user&query=ring${k}`);
    expect(topSearch.parse(plain.body).users).toHaveLength(2);
    expect(topSearch.parse(plain.body).users.every((u) => u.user.reel === null)).toBe(true);
  });

  it("a close friends' story rings green only for the owner's close friends, and never on the owner's own picture", async () => {
    const [owner, friend, follower] = [await person(), await person(), await person()];
    await follow(t.db, friend.user.id, owner.user.id);
    await follow(t.db, follower.user.id, owner.user.id);
    await addCloseFriend(t.db, owner.user.id, friend.user.id);
    const besties = await story(owner, { audience: 'besties', takenAt: new Date(Date.now() - 1000) });
    expect(await profileRing(friend.agent, owner)).toMatchObject({ latest_reel_media: seconds(besties.takenAt), has_besties_media: true });
    expect(await profileRing(follower.agent, owner)).toBeNull();
    expect(await profileRing(owner.agent, owner)).toMatchObject({ latest_reel_media: seconds(besties.takenAt), has_besties_media: false });
    // A story for everyone after it: the follower's ring is of that one alone, not green.
    const everyone = await postStory(owner);
    expect(await profileRing(follower.agent, owner)).toEqual({ id: owner.user.id, latest_reel_media: everyone.takenAt, seen: 0, has_besties_media: false });
    expect(await profileRing(friend.agent, owner)).toMatchObject({ has_besties_media: true });
  });

  it('a ring turns grey once seen up to its newest story, and unseen again with a newer one', async () => {
    const [owner, viewer] = [await person(), await person()];
    const first = await story(owner, { takenAt: new Date(Date.now() - 60_000) });
    expect(await profileRing(viewer.agent, owner)).toMatchObject({ latest_reel_media: seconds(first.takenAt), seen: 0 });
    expect((await viewer.agent.post('/stories/reel/seen/', {
      reelMediaId: first.id, reelMediaOwnerId: owner.user.id, reelId: owner.user.id,
      reelMediaTakenAt: String(seconds(first.takenAt)), viewSeenAt: String(Math.floor(Date.now() / 1000)),
    })).status).toBe(200);
    const seen = await profileRing(viewer.agent, owner);
    expect(seen!.seen).toBe(seconds(first.takenAt));
    expect(seen!.seen).toBeGreaterThanOrEqual(seen!.latest_reel_media);
    const second = await postStory(owner);
    const again = await profileRing(viewer.agent, owner);
    expect(again).toMatchObject({ latest_reel_media: second.takenAt, seen: seconds(first.takenAt) });
    expect(again!.seen).toBeLessThan(again!.latest_reel_media);
  });

  it('an expired, processing or failed story gives no ring, to anyone, its owner included', async () => {
    const [owner, viewer] = [await person(), await person()];
    await story(owner, { takenAt: new Date(Date.now() - STORY_TTL_MS - 1000) });
    await story(owner, { status: 'processing' });
    await story(owner, { status: 'failed' });
    expect(await profileRing(viewer.agent, owner)).toBeNull();
    expect(await profileRing(owner.agent, owner)).toBeNull();
    expect(await profileRing(new Agent(t.app), owner)).toBeNull();
  });

  it("a private account's ring shows to its followers only", async () => {
    const [owner, fan, stranger] = [await person(), await person(), await person()];
    await makePrivate(t.db, owner.user.id);
    await follow(t.db, fan.user.id, owner.user.id);
    await story(owner);
    expect(await profileRing(fan.agent, owner)).not.toBeNull();
    expect(await profileRing(stranger.agent, owner)).toBeNull();
  });

  it('a block leaves no ring, either way', async () => {
    const [owner, blocked, blocker, third] = [await person(), await person(), await person(), await person()];
    await story(owner);
    await story(blocker);
    expect((await owner.agent.post(`/web/friendships/${blocked.user.id}/block/`)).status).toBe(200);
    expect((await blocker.agent.post(`/web/friendships/${owner.user.id}/block/`)).status).toBe(200);
    const rings = createStoryRings(t.db);
    // The one the owner blocked, and the one who blocked the owner, see no ring on the owner.
    expect((await rings.ringsFor(blocked.user.id, [owner.user.id])).size).toBe(0);
    expect((await rings.ringsFor(blocker.user.id, [owner.user.id])).size).toBe(0);
    // The owner sees none on the one who blocked them; a third person sees both.
    expect((await rings.ringsFor(owner.user.id, [blocker.user.id])).size).toBe(0);
    expect([...(await rings.ringsFor(third.user.id, [owner.user.id, blocker.user.id])).keys()].sort()).toEqual([owner.user.id, blocker.user.id].sort());
    // The blocker still gets the header of the account they blocked, without its ring.
    expect(await profileRing(blocker.agent, owner)).toBeNull();
  });

  it('rings reach the feed, the post page, follow lists, suggestions, activity and direct', async () => {
    const [owner, viewer, liker] = [await person(), await person(), await person()];
    await follow(t.db, viewer.user.id, owner.user.id);
    await follow(t.db, liker.user.id, owner.user.id);
    const posted = await story(owner);
    await story(liker);
    const ring = { id: owner.user.id, latest_reel_media: seconds(posted.takenAt), seen: 0, has_besties_media: false };
    const post = await postPhoto(owner.agent, 'ringed');
    const feed = (await viewer.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges;
    expect(feed[0].node.owner.reel).toEqual(ring);
    const page = (await viewer.agent.get(`/p/${post.shortcode}/?__a=1`)).body.graphql.shortcode_media;
    expect(page.owner.reel).toEqual(ring);
    const followers = followList.parse((await viewer.agent.get(q('follow_list', { id: owner.user.id, type: 'followers' }))).body.data.user.edge_followed_by);
    expect(Object.fromEntries(followers.edges.map((e) => [e.node.id, e.node.reel?.id ?? null]))).toEqual({ [viewer.user.id]: null, [liker.user.id]: liker.user.id });
    // The liker suggested to a newcomer who follows the owner (a friend of a friend).
    const newcomer = await person();
    await follow(t.db, newcomer.user.id, owner.user.id);
    await follow(t.db, owner.user.id, liker.user.id);
    const suggested = (await newcomer.agent.get(q('suggested_users', {}))).body.data.user.edge_suggested_users.edges as { node: { user: { id: string; reel: unknown } } }[];
    expect(suggested.find((e) => e.node.user.id === liker.user.id)?.node.user.reel).toMatchObject({ id: liker.user.id });
    // Activity: the liker's like, with their ring.
    await liker.agent.post(`/web/likes/${post.id}/like/`);
    const activity = (await owner.agent.get('/accounts/activity/?__a=1')).body.graphql.user.activity_feed.edge_web_activity_feed.edges as { node: { user: { id: string; reel: unknown } } }[];
    expect(activity.find((e) => e.node.user.id === liker.user.id)?.node.user.reel).toMatchObject({ id: liker.user.id });
    // Direct: the inbox row and the thread's page show the other member's ring.
    const thread = (await viewer.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([owner.user.id]) })).body.thread_id as string;
    const inbox = (await viewer.agent.get('/direct_v2/web/inbox/')).body.inbox.threads as { thread_id: string; users: { id: string; reel: unknown }[] }[];
    expect(inbox.find((x) => x.thread_id === thread)?.users[0]?.reel).toEqual(ring);
    expect((await viewer.agent.get(`/direct_v2/web/threads/${thread}/`)).body.thread.users[0].reel).toEqual(ring);
  });

  it('a page of people with stories costs the same number of statements whatever its size', async () => {
    const owner = await person();
    const fans: Person[] = [];
    for (let i = 0; i < 6; i++) {
      const fan = await person();
      await follow(t.db, fan.user.id, owner.user.id);
      await story(fan);
      fans.push(fan);
    }
    const counted = { n: 0 };
    const second = await createSecondInstance(t, { countQueries: counted });
    try {
      const there = new Agent(second.app);
      for (const [name, value] of owner.agent.cookies) there.cookies.set(name, value);
      const cost = async (first: number) => {
        await there.get(q('follow_list', { id: owner.user.id, type: 'followers', first })); // the session lookup
        const before = counted.n;
        const res = await there.get(q('follow_list', { id: owner.user.id, type: 'followers', first }));
        const edges = res.body.data.user.edge_followed_by.edges as { node: { reel: unknown } }[];
        expect(edges).toHaveLength(first);
        expect(edges.every((e) => e.node.reel !== null)).toBe(true);
        return counted.n - before;
      };
      expect(await cost(1)).toBe(await cost(6));
    } finally {
      await second.close();
    }
  });
});
