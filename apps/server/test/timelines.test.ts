import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

type Person = Awaited<ReturnType<typeof signedUpAgent>>;

/** The feed's post ids, every page, newest first. */
async function feedIds(agent: Agent, pageSize = 12): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const vars: Record<string, unknown> = { fetch_media_item_count: pageSize, ...(cursor ? { fetch_media_item_cursor: cursor } : {}) };
    const res = await agent.get(queryUrl('feed', vars));
    expect(res.status).toBe(200);
    const timeline = res.body.data.user.edge_web_feed_timeline;
    seen.push(...timeline.edges.map((e: { node: { id: string } }) => e.node.id));
    cursor = timeline.page_info.has_next_page ? timeline.page_info.end_cursor : null;
  } while (cursor);
  return seen;
}

/** What is stored ahead in a viewer's timeline (not what the feed shows: that also passes the access rules). */
async function stored(t: TestApp, viewer: Person): Promise<string[]> {
  const rows = await t.db.selectFrom('timelines').select('media_id').where('viewer_id', '=', viewer.user.id).orderBy('media_id', 'desc').execute();
  return rows.map((r) => String(r.media_id));
}

const follow = (a: Person, b: Person) => a.agent.post(`/web/friendships/${b.user.id}/follow/`);

describe(`timelines written ahead (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  /** A viewer who has opened their feed (so writes reach them) and follows `owner`. */
  async function activeFollower(owner: Person): Promise<Person> {
    const viewer = await signedUpAgent(t.app);
    await feedIds(viewer.agent);
    await follow(viewer, owner);
    return viewer;
  }

  it('publishing writes the post into its owner\'s and each active follower\'s timeline', async () => {
    const owner = await signedUpAgent(t.app);
    const fan = await activeFollower(owner);
    const stranger = await signedUpAgent(t.app);
    await feedIds(stranger.agent);
    const media = await postPhoto(owner.agent, 'fresh');
    expect(await stored(t, fan)).toEqual([media.id]);
    expect(await stored(t, owner)).toEqual([media.id]);
    expect(await stored(t, stranger)).toEqual([]);
    expect(await feedIds(fan.agent)).toEqual([media.id]);
  });

  it('deleting a post takes it out of every timeline', async () => {
    const owner = await signedUpAgent(t.app);
    const fan = await activeFollower(owner);
    const kept = await postPhoto(owner.agent, 'kept');
    const gone = await postPhoto(owner.agent, 'gone');
    expect(await stored(t, fan)).toEqual([gone.id, kept.id]);
    expect((await owner.agent.post(`/create/${gone.id}/delete/`)).status).toBe(200);
    expect(await stored(t, fan)).toEqual([kept.id]);
    expect(await feedIds(fan.agent)).toEqual([kept.id]);
  });

  it('a follow backfills the account\'s posts; an unfollow takes them out', async () => {
    const owner = await signedUpAgent(t.app);
    const older = await postPhoto(owner.agent, 'older');
    const newer = await postPhoto(owner.agent, 'newer');
    const viewer = await activeFollower(owner);
    expect(await stored(t, viewer)).toEqual([newer.id, older.id]);
    expect(await feedIds(viewer.agent)).toEqual([newer.id, older.id]);
    await viewer.agent.post(`/web/friendships/${owner.user.id}/unfollow/`);
    expect(await stored(t, viewer)).toEqual([]);
    expect(await feedIds(viewer.agent)).toEqual([]);
  });

  it('a block takes each one\'s posts out of the other\'s timeline', async () => {
    const a = await signedUpAgent(t.app);
    const b = await activeFollower(a);
    await feedIds(a.agent);
    await follow(a, b);
    const byA = await postPhoto(a.agent, 'from a');
    const byB = await postPhoto(b.agent, 'from b');
    expect(await stored(t, a)).toEqual([byB.id, byA.id]);
    expect(await stored(t, b)).toEqual([byB.id, byA.id]);
    await a.agent.post(`/web/friendships/${b.user.id}/block/`);
    expect(await stored(t, a)).toEqual([byA.id]);
    expect(await stored(t, b)).toEqual([byB.id]);
    expect(await feedIds(b.agent)).toEqual([byB.id]);
  });

  it('going private keeps followers\' entries; going public writes the accepted requesters\' timelines', async () => {
    const owner = await signedUpAgent(t.app);
    const fan = await activeFollower(owner);
    const media = await postPhoto(owner.agent, 'before the switch');
    await owner.agent.post('/accounts/set_private/');
    expect(await feedIds(fan.agent)).toEqual([media.id]);
    const requester = await activeFollower(owner);
    expect(await stored(t, requester)).toEqual([]);
    await owner.agent.post('/accounts/set_public/');
    expect(await stored(t, requester)).toEqual([media.id]);
    expect(await feedIds(requester.agent)).toEqual([media.id]);
  });

  it('a stale entry never shows what the viewer may not see: the access rules filter every page', async () => {
    const owner = await signedUpAgent(t.app);
    const viewer = await signedUpAgent(t.app);
    await feedIds(viewer.agent);
    const media = await postPhoto(owner.agent, 'not for the viewer');
    await owner.agent.post('/accounts/set_private/');
    // An entry left behind (say, by a job that ran late): the viewer does not follow the private owner.
    await t.db.insertInto('timelines').values({ viewer_id: viewer.user.id, media_id: media.id, owner_id: owner.user.id }).execute();
    expect(await feedIds(viewer.agent)).toEqual([]);
  });

  it('a viewer away for a long time gets no writes, and the timeline is rebuilt from the follow graph on return', async () => {
    const owner = await signedUpAgent(t.app);
    const viewer = await activeFollower(owner);
    await t.db.updateTable('timeline_state').set({ read_at: new Date(Date.now() - 60 * 24 * 3600_000) }).where('viewer_id', '=', viewer.user.id).execute();
    const media = await postPhoto(owner.agent, 'while away');
    expect(await stored(t, viewer)).toEqual([]);
    expect(await feedIds(viewer.agent)).toEqual([media.id]);
    expect(await stored(t, viewer)).toEqual([media.id]);
    const state = await t.db.selectFrom('timeline_state').select('read_at').where('viewer_id', '=', viewer.user.id).executeTakeFirstOrThrow();
    expect(Date.now() - new Date(state.read_at).getTime()).toBeLessThan(60_000);
  });

  it('a feed page costs the same number of database statements whatever its size, and fewer once its posts are cached', async () => {
    const owner = await signedUpAgent(t.app);
    const viewer = await activeFollower(owner);
    for (let i = 0; i < 6; i++) await postPhoto(owner.agent, `post ${i}`);
    // Publishing cached each post here: another instance, whose caches start empty, reads them cold.
    const counted = { n: 0 };
    const fresh = await createSecondInstance(t, { ownRedisPrefix: true, countQueries: counted });
    try {
      const there = new Agent(fresh.app);
      for (const [name, value] of viewer.agent.cookies) there.cookies.set(name, value);
      const costOf = async (size: number) => {
        const before = counted.n;
        const res = await there.get(queryUrl('feed', { fetch_media_item_count: size }));
        expect(res.body.data.user.edge_web_feed_timeline.edges).toHaveLength(size);
        return counted.n - before;
      };
      // Its first request looks the session up; the pages after it do not.
      expect((await there.get('/data/shared_data/')).status).toBe(200);
      const cold = await costOf(6);
      // The same first page again is served as it was prepared: only the access rules decide anew.
      expect(await costOf(6)).toBeLessThanOrEqual(1);
      // Each page size is a page of its own, built from the cached summaries.
      const warm = await costOf(5);
      expect(await costOf(1)).toBe(warm);
      await postPhoto(owner.agent, 'one more');
      expect(await costOf(2)).toBe(cold);
      expect(warm).toBeLessThan(cold);
      // The posts' summaries (with their owners) come from the cache: one statement fewer per page.
      // One statement of each page looks for posts of the hashtags the viewer follows, one for the owners' story rings.
      expect(cold).toBeLessThanOrEqual(9);
      expect(warm).toBeLessThanOrEqual(8);
    } finally {
      await fresh.close();
    }
  }, 90_000);
});

describe(`timelines: the queued fan-out, stars and the floor (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ timelines: { inlineFollowers: 1, starFollowers: 3, batch: 1, cap: 4, touchEveryMs: 0 } }); });
  afterAll(async () => { await t.close(); });

  async function fans(owner: Person, n: number): Promise<Person[]> {
    const out: Person[] = [];
    for (let i = 0; i < n; i++) {
      const fan = await signedUpAgent(t.app);
      await fan.agent.get(queryUrl('feed', {}));
      await follow(fan, owner);
      out.push(fan);
    }
    return out;
  }

  it('over the inline threshold a queued job writes the followers\' timelines, in batches', async () => {
    const owner = await signedUpAgent(t.app);
    const [a, b] = await fans(owner, 2);
    const media = await postPhoto(owner.agent, 'queued');
    await expect.poll(async () => [...(await stored(t, a!)), ...(await stored(t, b!))], { timeout: 15_000, interval: 200 }).toEqual([media.id, media.id]);
    expect(await feedIds(b!.agent)).toEqual([media.id]);
  });

  it('an account over the star threshold is merged in at read time, not written to each follower', async () => {
    const star = await signedUpAgent(t.app);
    const followers = await fans(star, 4);
    const media = await postPhoto(star.agent, 'for everyone');
    const row = await t.db.selectFrom('timeline_stars').select('user_id').where('user_id', '=', star.user.id).executeTakeFirst();
    expect(row).toBeDefined();
    for (const fan of followers) {
      expect(await stored(t, fan)).toEqual([]);
      expect(await feedIds(fan.agent)).toEqual([media.id]);
    }
    // Someone who does not follow the star gets nothing of it.
    const other = await signedUpAgent(t.app);
    expect(await feedIds(other.agent)).toEqual([]);
  });

  it('a timeline keeps its newest entries; older pages come from the follow graph, in order, none twice', async () => {
    const owner = await signedUpAgent(t.app);
    const posts: string[] = [];
    for (let i = 0; i < 7; i++) posts.unshift((await postPhoto(owner.agent, `post ${i}`)).id);
    const viewer = await signedUpAgent(t.app);
    await follow(viewer, owner);
    // The first read rebuilds: the newest 4 are stored, and the floor is the first one left out.
    expect(await feedIds(viewer.agent, 3)).toEqual(posts);
    expect(await stored(t, viewer)).toEqual(posts.slice(0, 4));
    for (let i = 0; i < 2; i++) posts.unshift((await postPhoto(owner.agent, `later ${i}`)).id);
    expect(await stored(t, viewer)).toHaveLength(6);
    // A read trims it back to 4 (here on every read) and pages on through the graph.
    expect(await feedIds(viewer.agent, 2)).toEqual(posts);
    expect(await stored(t, viewer)).toEqual(posts.slice(0, 4));
    expect(await feedIds(viewer.agent, 5)).toEqual(posts);
  }, 90_000);
});

