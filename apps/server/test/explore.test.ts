import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLIENT_ROUTES } from '@shutter/contract';
import { Agent, signedUpAgent, queryUrl as q } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createExploreReads } from '../src/features/explore/reads.js';
import { createExploreRepository } from '../src/features/explore/repository.js';
import { computeSnapshot } from '../src/features/explore/refresh.js';
import { createIdGenerator } from '../src/platform/ids.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const nextId = createIdGenerator(4001);
/** A new snapshot of explore, as the service computes one when its newest is stale. */
const refresh = () => computeSnapshot(createExploreReads(t.db), createExploreRepository(t.db), nextId);
const person = () => signedUpAgent(t.app);
const suffix = () => Date.now().toString(36).slice(-5);
type Explore = { clusters: { name: string; labels: string[]; is_muted: boolean }[]; cluster: string | null; edge_explore_media: { edges: { node: { id: string } }[]; page_info: { has_next_page: boolean; end_cursor: string | null } } };

async function explorePage(agent: Agent, variables: Record<string, unknown> = {}): Promise<Explore> {
  const res = await agent.get(q('explore_media', { first: 50, ...variables }));
  expect(res.status, res.text).toBe(200);
  return res.body.data.explore;
}
const idsOf = (page: Explore) => page.edge_explore_media.edges.map((e) => e.node.id);
/** The viewer's explore, first page, restricted to the given posts (other tests' posts are there too). */
const orderOf = async (agent: Agent, among: string[], variables: Record<string, unknown> = {}) => idsOf(await explorePage(agent, variables)).filter((id) => among.includes(id));

async function likeBy(n: number, mediaId: string) {
  for (let i = 0; i < n; i++) {
    const liker = await person();
    await liker.agent.post(`/web/likes/${mediaId}/like/`);
  }
}

describe(`explore (${databaseKind})`, () => {
  it('ranks strangers\' posts by engagement, with time decay: more likes first, an old post below a fresh one', async () => {
    const owner = await person();
    const many = await postPhoto(owner.agent, 'busy');
    const few = await postPhoto(owner.agent, 'quiet');
    const old = await postPhoto(owner.agent, 'busy long ago');
    await likeBy(3, many.id);
    await likeBy(1, few.id);
    await likeBy(3, old.id);
    await sql`update media set created_at = now() - interval '5 days' where id = ${old.id}`.execute(t.db);
    await refresh();
    const viewer = await person();
    expect(await orderOf(viewer.agent, [many.id, few.id, old.id])).toEqual([many.id, few.id, old.id]);
  });

  it('weights posts close to what the viewer liked or saved: their cluster comes first', async () => {
    const s = suffix();
    const owner = await person();
    const surf = await postPhoto(owner.agent, `#surf${s} waves`);
    const surfLiked = await postPhoto(owner.agent, `#surf${s} again`);
    const garden = await postPhoto(owner.agent, `#garden${s} roses`);
    const gardenSaved = await postPhoto(owner.agent, `#garden${s} tulips`);
    const newer = await postPhoto(owner.agent, `#garden${s} newest`);
    await refresh();
    const plain = await person();
    // Same engagement: the newest first.
    expect(await orderOf(plain.agent, [surf.id, newer.id])).toEqual([newer.id, surf.id]);
    const surfer = await person();
    await surfer.agent.post(`/web/likes/${surfLiked.id}/like/`);
    await refresh();
    const order = await orderOf(surfer.agent, [surf.id, newer.id]);
    expect(order).toEqual([surf.id, newer.id]);
    const gardener = await person();
    await gardener.agent.post(`/web/save/${gardenSaved.id}/save/`);
    expect(await orderOf(gardener.agent, [surf.id, garden.id])).toEqual([garden.id, surf.id]);
  });

  it('never shows the viewer\'s own posts, a followed account\'s, a private account\'s or one across a block either way', async () => {
    const viewer = await person();
    const own = await postPhoto(viewer.agent, 'mine');
    const followed = await person();
    const followedPost = await postPhoto(followed.agent, 'followed');
    await follow(t.db, viewer.user.id, followed.user.id);
    const closed = await person();
    const closedPost = await postPhoto(closed.agent, 'private');
    await makePrivate(t.db, closed.user.id);
    const blocker = await person();
    const blockerPost = await postPhoto(blocker.agent, 'blocks the viewer');
    await blocker.agent.post(`/web/friendships/${viewer.user.id}/block/`);
    const blocked = await person();
    const blockedPost = await postPhoto(blocked.agent, 'blocked by the viewer');
    await viewer.agent.post(`/web/friendships/${blocked.user.id}/block/`);
    const stranger = await person();
    const strangerPost = await postPhoto(stranger.agent, 'a stranger');
    await refresh();
    const all = [own.id, followedPost.id, closedPost.id, blockerPost.id, blockedPost.id, strangerPost.id];
    expect(await orderOf(viewer.agent, all)).toEqual([strangerPost.id]);
    // A private account turned private after the snapshot is still left out, the page kept ready too.
    expect((await stranger.agent.post('/accounts/set_private/')).status).toBe(200);
    expect(await orderOf(viewer.agent, all)).toEqual([]);
    expect((await new Agent(t.app).get(q('explore_media'))).status).toBe(401);
  });

  it('pages by an opaque cursor without ever repeating a post, while engagement and snapshots change', async () => {
    const owner = await person();
    for (let i = 0; i < 7; i++) await postPhoto(owner.agent, `page ${i}`);
    await refresh();
    const viewer = await person();
    const whole = idsOf(await explorePage(viewer.agent));
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Explore = await explorePage(viewer.agent, { first: 3, after });
      seen.push(...idsOf(page));
      after = page.edge_explore_media.page_info.end_cursor;
      expect(page.edge_explore_media.page_info.has_next_page).toBe(after !== null);
      // Mid-session, the last post shown gains likes and a new snapshot is computed: the session keeps its ranking.
      const last = seen[seen.length - 1];
      if (pages === 0 && last) {
        await likeBy(2, last);
        await refresh();
      }
      pages++;
    } while (after && pages < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...whole].sort());
    expect((await viewer.agent.get(q('explore_media', { after: 'not a cursor' }))).status).toBe(400);
    expect((await viewer.agent.get(q('explore_media', { first: 0 }))).status).toBe(400);
  });

  it('"not interested" removes the post from the viewer\'s explore for good and lowers its cluster for them', async () => {
    const s = suffix();
    const owner = await person();
    const lake = await postPhoto(owner.agent, `#lake${s}`);
    await postPhoto(owner.agent, `#lake${s} shore`);
    const kite = await postPhoto(owner.agent, `#kite${s}`);
    const kiteOther = await postPhoto(owner.agent, `#kite${s} sky`);
    await refresh();
    const viewer = await person();
    expect(await orderOf(viewer.agent, [lake.id, kite.id, kiteOther.id])).toEqual([kiteOther.id, kite.id, lake.id]);
    const res = await viewer.agent.post(`/web/explore/not_interested/${kiteOther.id}/`);
    expect(res.status, res.text).toBe(200);
    expect(await orderOf(viewer.agent, [lake.id, kite.id, kiteOther.id])).toEqual([lake.id, kite.id]);
    await refresh();
    expect(await orderOf(viewer.agent, [lake.id, kite.id, kiteOther.id])).toEqual([lake.id, kite.id]);
    // Someone else still sees it.
    expect(await orderOf((await person()).agent, [kiteOther.id])).toEqual([kiteOther.id]);
    // Twice is fine; bad ids, unknown posts, posts the viewer may not see and visitors are refused.
    expect((await viewer.agent.post(`/web/explore/not_interested/${kiteOther.id}/`)).status).toBe(200);
    expect((await viewer.agent.post('/web/explore/not_interested/abc/')).status).toBe(400);
    expect((await viewer.agent.post('/web/explore/not_interested/999999999999/')).status).toBe(404);
    const closed = await person();
    const closedPost = await postPhoto(closed.agent, 'private');
    await makePrivate(t.db, closed.user.id);
    expect((await viewer.agent.post(`/web/explore/not_interested/${closedPost.id}/`)).status).toBe(404);
    expect((await new Agent(t.app).post(`/web/explore/not_interested/${lake.id}/`)).status).toBe(401);
    // Undo: the post comes back, and its cluster weighs as before.
    expect((await viewer.agent.post(`/web/explore/not_interested/${kiteOther.id}/undo/`)).status).toBe(200);
    expect(await orderOf(viewer.agent, [lake.id, kite.id, kiteOther.id])).toEqual([kiteOther.id, kite.id, lake.id]);
    expect((await viewer.agent.post(`/web/explore/not_interested/${closedPost.id}/undo/`)).status).toBe(404);
  });

  it('topical clusters group hashtags that appear together; a cluster\'s grid holds its posts; page data carries both', async () => {
    const s = suffix();
    const owner = await person();
    const peak = await postPhoto(owner.agent, `#peak${s} #trail${s}`);
    const trail = await postPhoto(owner.agent, `#peak${s} #trail${s} #summit${s}`);
    await postPhoto(owner.agent, `#peak${s}`);
    const other = await postPhoto(owner.agent, `#bread${s} #bake${s}`);
    await postPhoto(owner.agent, `#bread${s} #bake${s}`);
    await refresh();
    const viewer = await person();
    const page = await explorePage(viewer.agent);
    const cluster = page.clusters.find((c) => c.name === `peak${s}`);
    expect(cluster?.labels).toEqual([`peak${s}`, `trail${s}`]);
    // Equally used: the name is the first in order.
    expect(page.clusters.find((c) => c.labels.includes(`bread${s}`))).toMatchObject({ name: `bake${s}`, labels: [`bake${s}`, `bread${s}`] });
    const grid = await explorePage(viewer.agent, { cluster: `peak${s}` });
    expect(grid.cluster).toBe(`peak${s}`);
    expect(idsOf(grid)).toContain(peak.id);
    expect(idsOf(grid)).toContain(trail.id);
    expect(idsOf(grid)).not.toContain(other.id);
    expect((await viewer.agent.get(q('explore_media', { cluster: 'nosuchcluster' }))).status).toBe(404);
    expect((await viewer.agent.get(q('explore_media', { cluster: 'not a name!' }))).status).toBe(400);

    const data = await viewer.agent.get('/explore/?__a=1');
    expect(data.status).toBe(200);
    expect(data.body.graphql.explore.clusters.map((c: { name: string }) => c.name)).toContain(`peak${s}`);
    expect(data.body.graphql.explore.cluster).toBeNull();
    const clusterData = await viewer.agent.get(`/explore/?cluster=peak${s}&__a=1`);
    expect(clusterData.body.graphql.explore.cluster).toBe(`peak${s}`);
    expect((await viewer.agent.get('/explore/?cluster=nosuch&__a=1')).status).toBe(404);
    expect((await new Agent(t.app).get('/explore/?__a=1')).status).toBe(401);
  });

  it('the first page kept ready loses a post its owner deletes, and the posts of someone the viewer then follows or blocks', async () => {
    const owners = [await person(), await person(), await person()];
    const shown = [];
    for (const owner of owners) shown.push(await postPhoto(owner.agent, 'kept ready'));
    const ids = shown.map((m) => m.id);
    await refresh();
    const viewer = await person();
    expect(await orderOf(viewer.agent, ids)).toHaveLength(3);
    expect(await orderOf(viewer.agent, ids)).toHaveLength(3);
    expect((await owners[0]!.agent.post(`/create/${ids[0]}/delete/`)).status).toBe(200);
    expect(await orderOf(viewer.agent, ids)).not.toContain(ids[0]);
    expect((await viewer.agent.post(`/web/friendships/${owners[1]!.user.id}/follow/`)).status).toBe(200);
    expect(await orderOf(viewer.agent, ids)).toEqual([ids[2]]);
    expect((await owners[2]!.agent.post(`/web/friendships/${viewer.user.id}/block/`)).status).toBe(200);
    expect(await orderOf(viewer.agent, ids)).toEqual([]);
  });

  it('a page costs the same number of statements whatever its size, first page or next', async () => {
    const owner = await person();
    for (let i = 0; i < 4; i++) await postPhoto(owner.agent, `count ${i}`);
    await refresh();
    const counter = { n: 0 };
    const second = await createSecondInstance(t, { countQueries: counter });
    try {
      const viewer = await signedUpAgent(second.app);
      // The session lookup and caches warm for every post the pages below show (a larger first page is another answer).
      await viewer.agent.get(q('explore_media', { first: 30 }));
      const statements = async (variables: Record<string, unknown>) => {
        counter.n = 0;
        const res = await viewer.agent.get(q('explore_media', variables));
        expect(res.status).toBe(200);
        return { n: counter.n, cursor: res.body.data.explore.edge_explore_media.page_info.end_cursor as string };
      };
      const small = await statements({ first: 2 });
      const large = await statements({ first: 20 });
      expect(small.n).toBe(large.n);
      expect(small.n).toBeLessThanOrEqual(12);
      // A first page read again is the one kept ready: the access rules decide it from what they remember.
      expect((await statements({ first: 2 })).n).toBe(0);
      const next = await statements({ first: 2, after: small.cursor });
      expect(next.n).toBeLessThanOrEqual(small.n);
    } finally {
      await second.close();
    }
  });

  it('R-002-routes-1: the discover routes are explore (discover media), discover people, its contacts, discover search and /explore/', async () => {
    const discover = ['/explore/', '/explore/people/', '/explore/people/contacts/', '/explore/search/'];
    for (const path of discover) expect(CLIENT_ROUTES.find((r) => r.path === path), path).toBeDefined();
    expect(CLIENT_ROUTES.find((r) => r.path === '/explore/')).toMatchObject({ screen: 'Explore', page: 'explore' });
    expect(CLIENT_ROUTES.find((r) => r.path === '/explore/people/contacts/')?.screen).toBe('DiscoverPeople');
    const viewer = await person();
    for (const path of discover) {
      expect((await viewer.agent.get(`${path}?__a=1`)).status, path).toBe(200);
      const html = await viewer.agent.get(path);
      expect(html.status, path).toBe(200);
      expect(html.text).toContain('<title>');
      expect((await new Agent(t.app).get(`${path}?__a=1`)).status, path).toBe(401);
    }
    expect((await viewer.agent.get('/explore/people/contacts')).status).toBe(301);
  });
});
