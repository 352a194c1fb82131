import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_TRAY_MAX, STORY_VIEWERS_PAGE } from '@shutter/contract';
import { Agent, queryUrl as q, signUp } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { addCloseFriend, insertHighlight, insertPeople, insertStory, insertView, seenForm, type InsertedStory } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

interface Person { agent: Agent; id: string; username: string }
type TrayNode = { id: string; latest_reel_media: number; seen: number; has_besties_media: boolean; owner: { id: string }; expiring_at: number };
type ReelNode = {
  id: string; reel_type: string; owner: { id: string } | null; title: string | null; cover_url: string | null; seen: number;
  latest_reel_media: number; expiring_at: number | null; has_besties_media: boolean; can_reply: boolean;
  items: { id: string; taken_at_timestamp: number; display_url: string; story_view_count: number | null; edge_story_media_viewers: { count: number; edges: { node: { id: string } }[]; page_info: { has_next_page: boolean; end_cursor: string | null } } | null; tappable_objects: { type: string; user?: { id: string }; location?: { id: string; name: string } }[] }[];
};

let t: TestApp;
async function person(): Promise<Person> {
  const agent = new Agent(t.app);
  const user = await signUp(agent);
  return { agent, id: user.id, username: user.username };
}

async function tray(p: Person): Promise<TrayNode[]> {
  const res = await p.agent.get(q('feed_tray', {}));
  expect(res.status, res.text).toBe(200);
  return res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e: { node: TrayNode }) => e.node);
}

async function reels(agent: Agent, variables: Record<string, unknown>): Promise<ReelNode[]> {
  const res = await agent.get(q('reels_media', variables));
  expect(res.status, res.text).toBe(200);
  return res.body.data.reels_media;
}

const seen = (p: Person, story: InsertedStory, reelId?: string) => p.agent.post('/stories/reel/seen/', seenForm(story, reelId));

beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t.close(); });

describe(`the story tray (${databaseKind})`, () => {
  let viewer: Person;
  let a: Person; let b: Person; let c: Person; let d: Person; let stranger: Person;
  let aStories: InsertedStory[];
  beforeAll(async () => {
    [viewer, a, b, c, d, stranger] = await Promise.all(Array.from({ length: 6 }, person));
    for (const p of [a, b, c, d]) await follow(t.db, viewer.id, p.id);
    await insertStory(t, viewer.id, { takenAt: ago(5 * HOUR) });
    aStories = [await insertStory(t, a.id, { takenAt: ago(3 * HOUR) }), await insertStory(t, a.id, { takenAt: ago(2 * HOUR) })];
    await insertStory(t, b.id, { takenAt: ago(1 * HOUR) });
    await insertStory(t, c.id, { takenAt: ago(4 * HOUR) });
    // d's only story expired: d is not in the tray.
    await insertStory(t, d.id, { takenAt: ago(30 * HOUR), expiringAt: ago(6 * HOUR) });
    await insertStory(t, stranger.id, { takenAt: ago(HOUR) });
  });

  it('lists the viewer\'s own reel first, then followed accounts\' live reels newest first, never an expired or unfollowed one', async () => {
    const nodes = await tray(viewer);
    expect(nodes.map((n) => n.id)).toEqual([viewer.id, b.id, a.id, c.id]);
    const aReel = nodes.find((n) => n.id === a.id)!;
    expect(aReel.latest_reel_media).toBe(aStories[1]!.takenAtSeconds);
    expect(aReel.seen).toBe(0);
    expect(aReel.owner.id).toBe(a.id);
    expect(aReel.expiring_at).toBe(Math.floor((aStories[1]!.takenAt.getTime() + 24 * HOUR) / 1000));
    expect(nodes.length).toBeLessThanOrEqual(STORY_TRAY_MAX);
  });

  it('R-002-story-viewer-15: a reel seen up to its newest item moves behind the unseen ones; one seen only partly stays unseen', async () => {
    expect((await seen(viewer, aStories[0]!)).status).toBe(200);
    let nodes = await tray(viewer);
    // Seen up to its first item only: still unseen (its newest is later than the seen time).
    expect(nodes.find((n) => n.id === a.id)!.seen).toBe(aStories[0]!.takenAtSeconds);
    expect(nodes.map((n) => n.id)).toEqual([viewer.id, b.id, a.id, c.id]);
    expect((await seen(viewer, aStories[1]!)).body.seen).toBe(aStories[1]!.takenAtSeconds);
    nodes = await tray(viewer);
    expect(nodes.map((n) => n.id)).toEqual([viewer.id, b.id, c.id, a.id]);
    const aReel = nodes.find((n) => n.id === a.id)!;
    expect(aReel.seen).toBeGreaterThanOrEqual(aReel.latest_reel_media);
  });

  it('asks for a session', async () => {
    expect((await new Agent(t.app).get(q('feed_tray', {}))).status).toBe(401);
  });
});

describe(`close friends' stories (${databaseKind})`, () => {
  let owner: Person; let closeFriend: Person; let follower: Person;
  let besties: InsertedStory; let everyone: InsertedStory;
  beforeAll(async () => {
    [owner, closeFriend, follower] = await Promise.all(Array.from({ length: 3 }, person));
    await follow(t.db, closeFriend.id, owner.id);
    await follow(t.db, follower.id, owner.id);
    await addCloseFriend(t.db, owner.id, closeFriend.id);
    everyone = await insertStory(t, owner.id, { takenAt: ago(2 * HOUR) });
    besties = await insertStory(t, owner.id, { takenAt: ago(HOUR), audience: 'besties' });
  });

  it('a close friend sees them, with the green ring\'s flag; a follower who is not sees only the others', async () => {
    const friendReel = (await reels(closeFriend.agent, { reel_ids: [owner.id] }))[0]!;
    expect(friendReel.items.map((i) => i.id)).toEqual([everyone.id, besties.id]);
    expect(friendReel.has_besties_media).toBe(true);
    expect((await tray(closeFriend)).find((n) => n.id === owner.id)).toMatchObject({ has_besties_media: true, latest_reel_media: besties.takenAtSeconds });

    const followerReel = (await reels(follower.agent, { reel_ids: [owner.id] }))[0]!;
    expect(followerReel.items.map((i) => i.id)).toEqual([everyone.id]);
    expect(followerReel.has_besties_media).toBe(false);
    expect((await tray(follower)).find((n) => n.id === owner.id)).toMatchObject({ has_besties_media: false, latest_reel_media: everyone.takenAtSeconds });
    expect((await seen(follower, besties)).status).toBe(404);
  });

  it('R-002-story-ring-3: the owner sees both, without the close friends\' flag on their own reel', async () => {
    expect((await tray(owner))[0]).toMatchObject({ id: owner.id, has_besties_media: false });
    const own = (await reels(owner.agent, { reel_ids: [owner.id] }))[0]!;
    expect(own.items).toHaveLength(2);
    expect(own.has_besties_media).toBe(false);
  });

  it('a reel with only close friends\' stories is not in a non-close follower\'s tray', async () => {
    const other = await person();
    await follow(t.db, follower.id, other.id);
    await addCloseFriend(t.db, other.id, closeFriend.id);
    await insertStory(t, other.id, { audience: 'besties' });
    expect((await tray(follower)).map((n) => n.id)).not.toContain(other.id);
    expect(await reels(follower.agent, { reel_ids: [other.id] })).toEqual([]);
  });
});

describe(`reels of people (${databaseKind})`, () => {
  let pub: Person; let priv: Person; let follower: Person; let stranger: Person; let blocked: Person; let blocker: Person;
  let pubStories: InsertedStory[]; let privStory: InsertedStory; let pubBesties: InsertedStory;
  beforeAll(async () => {
    [pub, priv, follower, stranger, blocked, blocker] = await Promise.all(Array.from({ length: 6 }, person));
    await makePrivate(t.db, priv.id);
    await follow(t.db, follower.id, priv.id);
    await follow(t.db, follower.id, pub.id);
    pubStories = [
      await insertStory(t, pub.id, { takenAt: ago(3 * HOUR), stickers: [
        { type: 'mention', user_id: follower.id, x: 0.5, y: 0.5, width: 0.2, height: 0.1, rotation: 0 },
        { type: 'mention', user_id: blocked.id, x: 0.5, y: 0.6, width: 0.2, height: 0.1, rotation: 0 },
      ] }),
      await insertStory(t, pub.id, { takenAt: ago(HOUR) }),
    ];
    await insertStory(t, pub.id, { takenAt: ago(30 * HOUR), expiringAt: ago(6 * HOUR) });
    await insertStory(t, pub.id, { takenAt: ago(HOUR / 2), status: 'processing' });
    pubBesties = await insertStory(t, pub.id, { takenAt: ago(HOUR / 4), audience: 'besties' });
    privStory = await insertStory(t, priv.id);
    expect((await pub.agent.post(`/web/friendships/${blocked.id}/block/`)).status).toBe(200);
    expect((await blocker.agent.post(`/web/friendships/${pub.id}/block/`)).status).toBe(200);
  });

  it('a person\'s live ready stories, oldest first; an expired or processing one is left out', async () => {
    const [reel] = await reels(stranger.agent, { reel_ids: [pub.id] });
    expect(reel!.id).toBe(pub.id);
    expect(reel!.reel_type).toBe('user_reel');
    expect(reel!.items.map((i) => i.id)).toEqual(pubStories.map((s) => s.id));
    expect(reel!.latest_reel_media).toBe(pubStories[1]!.takenAtSeconds);
    expect(reel!.can_reply).toBe(true);
    const picture = await t.app.inject({ method: 'GET', url: reel!.items[0]!.display_url });
    expect(picture.statusCode).toBe(200);
  });

  it('a mention sticker names the person, unless a block stands between them and the viewer', async () => {
    const [reel] = await reels(stranger.agent, { reel_ids: [pub.id] });
    expect(reel!.items[0]!.tappable_objects.map((o) => o.user?.id)).toEqual([follower.id, blocked.id]);
    const mine = await reels(pub.agent, { reel_ids: [pub.id] });
    expect(mine[0]!.items[0]!.tappable_objects.map((o) => o.user?.id)).toEqual([follower.id]);
  });

  it('unknown and invisible reels are left out, not an error; the answer keeps the order asked', async () => {
    const got = await reels(stranger.agent, { reel_ids: [priv.id, '999999999', pub.id, blocker.id] });
    expect(got.map((r) => r.id)).toEqual([pub.id]);
    const both = await reels(follower.agent, { reel_ids: [priv.id, pub.id] });
    expect(both.map((r) => r.id)).toEqual([priv.id, pub.id]);
    expect(both[0]!.items.map((i) => i.id)).toEqual([privStory.id]);
  });

  it('blocks hide reels both ways', async () => {
    expect(await reels(blocked.agent, { reel_ids: [pub.id] })).toEqual([]);
    expect(await reels(blocker.agent, { reel_ids: [pub.id] })).toEqual([]);
    expect(await reels(pub.agent, { reel_ids: [blocker.id, blocked.id] })).toEqual([]);
    expect((await seen(blocked, pubStories[0]!)).status).toBe(404);
    expect((await seen(blocker, pubStories[0]!)).status).toBe(404);
  });

  it('R-002-story-viewer-9: a logged-out visitor gets only public stories: never a private account\'s, nor close friends\'', async () => {
    const visitor = new Agent(t.app);
    const got = await reels(visitor, { reel_ids: [pub.id, priv.id] });
    expect(got.map((r) => r.id)).toEqual([pub.id]);
    expect(got[0]!.items.map((i) => i.id)).toEqual(pubStories.map((s) => s.id));
    expect(got[0]!.items.map((i) => i.id)).not.toContain(pubBesties.id);
    expect(got[0]!.seen).toBe(0);
    expect(got[0]!.can_reply).toBe(false);
  });

  it('R-000-story-tray-1: for a visitor a ring\'s reel exists only for an account with a public story', async () => {
    const visitor = new Agent(t.app);
    // The private account has a live story, the public one has public stories: only the latter has a reel.
    const got = await reels(visitor, { reel_ids: [priv.id, pub.id, stranger.id] });
    expect(got.map((r) => r.id)).toEqual([pub.id]);
    expect(got[0]!.latest_reel_media).toBe(pubStories[1]!.takenAtSeconds);
  });

  it('R-002-story-viewer-20: only the owner gets the view count and, when asked, the viewer list', async () => {
    expect((await seen(follower, pubStories[0]!)).status).toBe(200);
    for (const agent of [follower.agent, stranger.agent, new Agent(t.app)]) {
      const [reel] = await reels(agent, { reel_ids: [pub.id], show_story_viewer_list: true });
      for (const item of reel!.items) {
        expect(item.story_view_count).toBeNull();
        expect(item.edge_story_media_viewers).toBeNull();
      }
    }
    const [own] = await reels(pub.agent, { reel_ids: [pub.id] });
    expect(own!.items[0]!.story_view_count).toBe(1);
    expect(own!.items[0]!.edge_story_media_viewers).toBeNull();
    const [listed] = await reels(pub.agent, { reel_ids: [pub.id], show_story_viewer_list: true, story_viewer_fetch_count: 10 });
    expect(listed!.items[0]!.edge_story_media_viewers!.edges.map((e) => e.node.id)).toEqual([follower.id]);
    expect(listed!.items[1]!.edge_story_media_viewers).toMatchObject({ count: 0, edges: [] });
  });

  it('reads a batch of reels in a fixed number of statements', async () => {
    const others = await Promise.all(Array.from({ length: 4 }, person));
    for (const o of others) await insertStory(t, o.id, { stickers: [{ type: 'mention', user_id: pub.id, x: 0.5, y: 0.5, width: 0.1, height: 0.1, rotation: 0 }] });
    const counter = { n: 0 };
    const { createSecondInstance } = await import('./helpers/test-app.js');
    const second = await createSecondInstance(t, { countQueries: counter, ownRedisPrefix: true });
    try {
      const agent = new Agent(second.app);
      const one = async (ids: string[]) => {
        counter.n = 0;
        const got = await reels(agent, { reel_ids: ids });
        expect(got).toHaveLength(ids.length);
        return counter.n;
      };
      await one([pub.id]);
      const small = await one([others[0]!.id]);
      const large = await one(others.map((o) => o.id));
      expect(large).toBe(small);
    } finally {
      await second.close();
    }
  });
});

describe(`marking a reel seen (${databaseKind})`, () => {
  let owner: Person; let viewer: Person; let older: InsertedStory; let newer: InsertedStory;
  beforeAll(async () => {
    [owner, viewer] = await Promise.all(Array.from({ length: 2 }, person));
    older = await insertStory(t, owner.id, { takenAt: ago(2 * HOUR) });
    newer = await insertStory(t, owner.id, { takenAt: ago(HOUR) });
  });

  it('R-002-story-viewer-15: the seen time never goes back, and items posted before it count as seen', async () => {
    expect((await seen(viewer, newer)).body).toEqual({ seen: newer.takenAtSeconds, status: 'ok' });
    // The older item shown afterwards leaves the seen time where it is.
    expect((await seen(viewer, older)).body).toEqual({ seen: newer.takenAtSeconds, status: 'ok' });
    const [reel] = await reels(viewer.agent, { reel_ids: [owner.id] });
    expect(reel!.seen).toBe(newer.takenAtSeconds);
    // What the client's rule reads: every item posted at or before the reel's seen time is seen.
    expect(reel!.items.every((i) => i.taken_at_timestamp <= reel!.seen)).toBe(true);
  });

  it('takes the fields as a form or JSON, with and without the trailing slash', async () => {
    const other = await person();
    expect((await other.agent.postJson('/stories/reel/seen', { ...seenForm(older), reelMediaTakenAt: older.takenAtSeconds, viewSeenAt: 1 })).status).toBe(200);
    expect((await other.agent.post('/stories/reel/seen', seenForm(newer))).body.seen).toBe(newer.takenAtSeconds);
  });

  it('records the viewer for the owner\'s list, never the owner themself', async () => {
    expect((await seen(owner, newer)).status).toBe(200);
    const res = await owner.agent.get(q('story_viewers', { item_id: newer.id }));
    const ids = res.body.data.media.edge_story_media_viewers.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(ids).toContain(viewer.id);
    expect(ids).not.toContain(owner.id);
  });

  it('refuses bad numbers, a reel that is not the story\'s, a posted time that is not the story\'s, and an absent story', async () => {
    const form = seenForm(newer);
    for (const bad of [
      { ...form, reelMediaId: 'abc' }, { ...form, reelMediaTakenAt: '-5' }, { ...form, reelMediaTakenAt: '1.5' }, { ...form, viewSeenAt: 'soon' },
      { ...form, reelId: viewer.id }, { ...form, reelId: 'nonsense' }, { ...form, reelMediaTakenAt: String(newer.takenAtSeconds * 1000) },
    ]) {
      const res = await viewer.agent.post('/stories/reel/seen/', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.status).toBe('fail');
    }
    expect((await viewer.agent.post('/stories/reel/seen/', { ...form, reelMediaId: '999999999' })).status).toBe(404);
    expect((await viewer.agent.post('/stories/reel/seen/', { ...form, reelMediaOwnerId: viewer.id, reelId: viewer.id })).status).toBe(404);
  });

  it('an expired story cannot be marked seen; a visitor must log in', async () => {
    const expired = await insertStory(t, owner.id, { takenAt: ago(30 * HOUR), expiringAt: ago(HOUR) });
    expect((await seen(viewer, expired)).status).toBe(404);
    expect((await new Agent(t.app).post('/stories/reel/seen/', seenForm(newer))).status).toBe(401);
  });
});

describe(`a story's viewers (${databaseKind})`, () => {
  let owner: Person; let follower: Person; let story: InsertedStory; let watchers: string[];
  beforeAll(async () => {
    [owner, follower] = await Promise.all(Array.from({ length: 2 }, person));
    await follow(t.db, follower.id, owner.id);
    story = await insertStory(t, owner.id);
    watchers = await insertPeople(t.db, STORY_VIEWERS_PAGE + 12);
    // Some at the same moment: the keyset's second key keeps them apart.
    const base = Date.now() - HOUR;
    for (const [i, id] of watchers.entries()) await insertView(t.db, story.id, id, new Date(base + Math.floor(i / 3) * 1000));
  });

  const page = async (agent: Agent, vars: Record<string, unknown>) => agent.get(q('story_viewers', { item_id: story.id, ...vars }));

  it(`R-002-story-viewer-19: newest first, ${STORY_VIEWERS_PAGE} a page, by cursor, with the count`, async () => {
    const first = await page(owner.agent, {});
    expect(first.status, first.text).toBe(200);
    const viewers = first.body.data.media.edge_story_media_viewers;
    expect(viewers.count).toBe(watchers.length);
    expect(viewers.edges).toHaveLength(STORY_VIEWERS_PAGE);
    expect(viewers.page_info.has_next_page).toBe(true);
    const second = (await page(owner.agent, { story_viewer_cursor: viewers.page_info.end_cursor })).body.data.media.edge_story_media_viewers;
    expect(second.page_info).toEqual({ has_next_page: false, end_cursor: null });
    const all = [...viewers.edges, ...second.edges].map((e: { node: { id: string } }) => e.node.id);
    // Newest first; at the same moment, the larger id first.
    const expected = [...watchers.entries()].sort(([i, x], [j, y]) => (Math.floor(j / 3) - Math.floor(i / 3)) || (BigInt(y) > BigInt(x) ? 1 : -1)).map(([, id]) => id);
    expect(all).toEqual(expected);
  });

  it('a smaller page when asked, and a bad cursor is a 400', async () => {
    const res = await page(owner.agent, { story_viewer_fetch_count: 5 });
    expect(res.body.data.media.edge_story_media_viewers.edges).toHaveLength(5);
    expect((await page(owner.agent, { story_viewer_cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('R-002-story-viewer-20: anyone but the owner is told the story is not there; a visitor must log in', async () => {
    expect((await page(follower.agent, {})).status).toBe(404);
    expect((await page(new Agent(t.app), {})).status).toBe(401);
  });

  it('leaves out people a block stands between, either way, from the list and the count', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    await insertView(t.db, story.id, a.id, new Date());
    await insertView(t.db, story.id, b.id, new Date());
    expect((await owner.agent.post(`/web/friendships/${a.id}/block/`)).status).toBe(200);
    expect((await b.agent.post(`/web/friendships/${owner.id}/block/`)).status).toBe(200);
    const viewers = (await page(owner.agent, {})).body.data.media.edge_story_media_viewers;
    const ids = viewers.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(viewers.count).toBe(watchers.length);
  });
});

describe(`highlights, hashtags and places (${databaseKind})`, () => {
  let owner: Person; let priv: Person; let follower: Person; let closeFriend: Person;
  let old: InsertedStory; let live: InsertedStory; let besties: InsertedStory; let highlightId: string; let placeId: string;
  beforeAll(async () => {
    [owner, priv, follower, closeFriend] = await Promise.all(Array.from({ length: 4 }, person));
    await follow(t.db, follower.id, owner.id);
    await addCloseFriend(t.db, owner.id, closeFriend.id);
    await makePrivate(t.db, priv.id);
    await follow(t.db, follower.id, priv.id);
    placeId = (await postPhoto(owner.agent, 'a place', { location: `Story corner ${Date.now()}` })).location.id;
    old = await insertStory(t, owner.id, { takenAt: ago(50 * HOUR), expiringAt: ago(26 * HOUR) });
    besties = await insertStory(t, owner.id, { takenAt: ago(40 * HOUR), expiringAt: ago(16 * HOUR), audience: 'besties' });
    live = await insertStory(t, owner.id, { takenAt: ago(HOUR), hashtags: ['sunsetreel'], locationId: placeId, stickers: [{ type: 'location', location_id: placeId, x: 0.5, y: 0.5, width: 0.3, height: 0.1, rotation: 0 }] });
    await insertStory(t, owner.id, { takenAt: ago(30 * HOUR), expiringAt: ago(6 * HOUR), hashtags: ['sunsetreel'], locationId: placeId });
    await insertStory(t, owner.id, { takenAt: ago(HOUR / 2), hashtags: ['sunsetreel'], audience: 'besties' });
    await insertStory(t, priv.id, { takenAt: ago(HOUR / 3), hashtags: ['sunsetreel'], locationId: placeId });
    highlightId = await insertHighlight(t.db, owner.id, 'Summer', [besties.id, old.id, live.id], old.id);
  });

  it('a highlight keeps expired stories, in the order they were added, with its title and cover; close friends\' ones only for them', async () => {
    const [reel] = await reels(follower.agent, { highlight_reel_ids: [highlightId] });
    expect(reel).toMatchObject({ id: `highlight:${highlightId}`, reel_type: 'highlight_reel', title: 'Summer', expiring_at: null, owner: { id: owner.id } });
    expect(reel!.items.map((i) => i.id)).toEqual([old.id, live.id]);
    expect(reel!.cover_url).toContain(`${old.id}_18.jpg`);
    const [friends] = await reels(closeFriend.agent, { highlight_reel_ids: [highlightId] });
    expect(friends!.items.map((i) => i.id)).toEqual([besties.id, old.id, live.id]);
    expect(friends!.has_besties_media).toBe(true);
    expect((await reels(new Agent(t.app), { highlight_reel_ids: [highlightId, '999999999'] })).map((r) => r.items.length)).toEqual([2]);
  });

  it('a highlight item can be marked seen through the highlight, though expired', async () => {
    expect((await seen(follower, old, `highlight:${highlightId}`)).status).toBe(200);
    expect((await seen(follower, old)).status).toBe(404);
  });

  it('a hashtag\'s reel: public live stories only, whoever asks', async () => {
    for (const agent of [follower.agent, closeFriend.agent, new Agent(t.app)]) {
      const [reel] = await reels(agent, { tag_names: ['#SunsetReel'] });
      expect(reel).toMatchObject({ id: 'tag:sunsetreel', reel_type: 'tag_reel', title: '#sunsetreel', owner: null });
      expect(reel!.items.map((i) => i.id)).toEqual([live.id]);
    }
    expect(await reels(follower.agent, { tag_names: ['nothingtagged'] })).toEqual([]);
  });

  it('a place\'s reel: the same by place, titled with its name; a location sticker names the place', async () => {
    const [reel] = await reels(follower.agent, { location_ids: [placeId] });
    expect(reel).toMatchObject({ id: `loc:${placeId}`, reel_type: 'location_reel', owner: null });
    expect(reel!.title).toBeTruthy();
    expect(reel!.items.map((i) => i.id)).toEqual([live.id]);
    expect(reel!.items[0]!.tappable_objects[0]).toMatchObject({ type: 'location', location: { id: placeId, name: reel!.title } });
  });

  it('people, highlights, hashtags and places together, people first', async () => {
    const got = await reels(follower.agent, { reel_ids: [owner.id], highlight_reel_ids: [highlightId], tag_names: ['sunsetreel'], location_ids: [placeId] });
    expect(got.map((r) => r.reel_type)).toEqual(['user_reel', 'highlight_reel', 'tag_reel', 'location_reel']);
  });
});

describe(`a story posted through the service (${databaseKind})`, () => {
  it('reaches a follower\'s tray, the owner\'s reel and its hashtag\'s reel, and is marked seen by what the reel says', async () => {
    const [owner, follower] = await Promise.all([person(), person()]);
    await follow(t.db, follower.id, owner.id);
    const up = await uploadPhoto(owner.agent);
    const posted = await owner.agent.postJson('/create/configure_to_story/', {
      upload_id: up.uploadId,
      story_stickers: JSON.stringify([{ type: 'hashtag', name: '#PostedReel', x: 0.5, y: 0.5, width: 0.3, height: 0.1 }]),
    });
    expect(posted.status, posted.text).toBe(200);
    const media = posted.body.media as { id: string; taken_at_timestamp: number };
    expect((await tray(follower)).find((n) => n.id === owner.id)).toMatchObject({ latest_reel_media: media.taken_at_timestamp, seen: 0 });
    const [reel] = await reels(follower.agent, { reel_ids: [owner.id] });
    expect(reel!.items.map((i) => i.id)).toEqual([media.id]);
    expect((await reels(follower.agent, { tag_names: ['postedreel'] }))[0]!.items.map((i) => i.id)).toEqual([media.id]);
    const item = reel!.items[0]!;
    const res = await follower.agent.post('/stories/reel/seen/', {
      reelMediaId: item.id, reelMediaOwnerId: owner.id, reelId: reel!.id, reelMediaTakenAt: String(item.taken_at_timestamp), viewSeenAt: String(Math.floor(Date.now() / 1000)),
    });
    expect(res.status, res.text).toBe(200);
    expect((await tray(follower)).find((n) => n.id === owner.id)!.seen).toBe(media.taken_at_timestamp);
  });
});
