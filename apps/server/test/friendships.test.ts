import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_SWITCH_LIMIT } from '../src/features/friendships/routes.js';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = queryUrl;
const person = () => signedUpAgent(t.app);
type Person = Awaited<ReturnType<typeof person>>;
const profile = async (agent: Agent, username: string) => agent.get(`/${username}/?__a=1`);
const ids = (edges: { node: { id: string } }[]) => edges.map((e) => e.node.id);

describe(`follow and unfollow (${databaseKind})`, () => {
  it('following a public account is immediate, and shows in counts, lists and the feed', async () => {
    const a = await person();
    const b = await person();
    const res = await a.agent.post(`/web/friendships/${b.user.id}/follow/`);
    expect(res.body).toEqual({ result: 'following', status: 'ok' });
    const media = await postPhoto(b.agent, 'for my followers');
    expect((await a.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges[0].node.id).toBe(media.id);
    const page = (await profile(a.agent, b.user.username)).body.graphql.user;
    expect(page).toMatchObject({ followed_by_viewer: true, follows_viewer: false, edge_followed_by: { count: 1 } });
    const list = await a.agent.get(q('follow_list', { id: b.user.id, type: 'followers' }));
    expect(ids(list.body.data.user.edge_followed_by.edges)).toEqual([a.user.id]);
    await a.agent.post(`/web/friendships/${b.user.id}/unfollow/`);
    expect((await profile(a.agent, b.user.username)).body.graphql.user).toMatchObject({ followed_by_viewer: false, edge_followed_by: { count: 0 } });
    expect((await a.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges).toEqual([]);
  });

  it('refuses following oneself, unknown accounts, and visitors', async () => {
    const a = await person();
    expect((await a.agent.post(`/web/friendships/${a.user.id}/follow/`)).status).toBe(400);
    expect((await a.agent.post('/web/friendships/123456/follow/')).status).toBe(404);
    expect((await a.agent.post('/web/friendships/abc/follow/')).status).toBe(400);
    expect((await new Agent(t.app).post(`/web/friendships/${a.user.id}/follow/`)).status).toBe(401);
  });
});

describe(`private accounts and follow requests (${databaseKind})`, () => {
  it('R-000-follow-requests-8: a follow becomes a request; until the owner approves the requester sees the header but no posts, lists or post pages', async () => {
    const owner = await person();
    await owner.agent.post('/accounts/set_private/');
    const media = await postPhoto(owner.agent, 'private life');
    const fan = await person();
    const res = await fan.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    expect(res.body).toEqual({ result: 'requested', status: 'ok' });
    const header = (await profile(fan.agent, owner.user.username)).body.graphql.user;
    expect(header).toMatchObject({ is_private: true, requested_by_viewer: true, followed_by_viewer: false });
    expect((await fan.agent.get(q('profile_posts', { id: owner.user.id }))).status).toBe(403);
    expect((await fan.agent.get(q('follow_list', { id: owner.user.id, type: 'followers' }))).status).toBe(403);
    expect((await fan.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);
    expect((await fan.agent.get(q('liked_by', { shortcode: media.shortcode }))).status).toBe(404);
    expect((await fan.agent.get(q('parent_comments', { shortcode: media.shortcode }))).status).toBe(404);
    expect((await fan.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges).toEqual([]);

    // R-000-follow-requests-8: only the owner approves; the requester cannot approve themselves
    expect((await fan.agent.post(`/web/friendships/${owner.user.id}/approve/`)).status).toBe(404);
    expect((await fan.agent.post(`/web/friendships/${fan.user.id}/approve/`)).status).toBe(404);
    const outsider = await person();
    expect((await outsider.agent.post(`/web/friendships/${fan.user.id}/approve/`)).status).toBe(404);
    const pending = await owner.agent.get(q('follow_requests', {}));
    expect(pending.body.data.user.edge_follow_requests).toMatchObject({ count: 1, edges: [{ node: { id: fan.user.id } }] });
    expect((await owner.agent.post(`/web/friendships/${fan.user.id}/approve/`)).body).toEqual({ status: 'ok' });
    expect((await owner.agent.post(`/web/friendships/${fan.user.id}/approve/`)).status).toBe(404);

    expect((await fan.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(200);
    expect((await fan.agent.get(q('profile_posts', { id: owner.user.id }))).body.data.user.edge_owner_to_timeline_media.count).toBe(1);
    expect(ids((await fan.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges)).toEqual([media.id]);
  });

  it('ignoring deletes the request; withdrawing it works too', async () => {
    const owner = await person();
    await owner.agent.post('/accounts/set_private/');
    const a = await person();
    const b = await person();
    await a.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    await b.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    expect((await owner.agent.post(`/web/friendships/${a.user.id}/ignore/`)).status).toBe(200);
    await b.agent.post(`/web/friendships/${owner.user.id}/unfollow/`);
    expect((await owner.agent.get(q('follow_requests', {}))).body.data.user.edge_follow_requests.count).toBe(0);
    expect((await profile(a.agent, owner.user.username)).body.graphql.user.requested_by_viewer).toBe(false);
  });

  it('R-001-privacy-1 R-001-privacy-2: going public accepts every pending request; switching too often is refused with the dialog text, each way on its own', async () => {
    const owner = await person();
    await owner.agent.post('/accounts/set_private/');
    const fan = await person();
    await fan.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    const res = await owner.agent.post('/accounts/set_public/');
    expect(res.body).toEqual({ is_private: false, status: 'ok' });
    expect((await profile(fan.agent, owner.user.username)).body.graphql.user.followed_by_viewer).toBe(true);
    for (let i = 1; i < PRIVACY_SWITCH_LIMIT.max; i++) await owner.agent.post('/accounts/set_private/');
    const refused = await owner.agent.post('/accounts/set_private/');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ has_private_public_switch_restriction: true, privacy_rate_limit_dialog_title: expect.stringContaining('private'), privacy_rate_limit_dialog_message: expect.any(String) });
    // The other direction has a limit of its own, not yet reached.
    expect((await owner.agent.post('/accounts/set_public/')).body).toEqual({ is_private: false, status: 'ok' });
    for (let i = 2; i < PRIVACY_SWITCH_LIMIT.max; i++) await owner.agent.post('/accounts/set_public/');
    const refusedPublic = await owner.agent.post('/accounts/set_public/');
    expect(refusedPublic.status).toBe(429);
    expect(refusedPublic.body.privacy_rate_limit_dialog_title).toContain('public');
  });
});

describe(`blocks (${databaseKind})`, () => {
  it('R-002-follow-lists-5: a block removes follows both ways and hides each from the other; unblock and follow again', async () => {
    const a = await person();
    const b = await person();
    await a.agent.post(`/web/friendships/${b.user.id}/follow/`);
    await b.agent.post(`/web/friendships/${a.user.id}/follow/`);
    const media = await postPhoto(b.agent, 'before the block');
    expect((await a.agent.post(`/web/friendships/${b.user.id}/block/`)).status).toBe(200);
    // the blocked one finds nothing
    expect((await profile(b.agent, a.user.username)).status).toBe(404);
    expect((await b.agent.post(`/web/friendships/${a.user.id}/follow/`)).status).toBe(404);
    // the blocker sees the header (to unblock) but no posts, and cannot act on them
    expect((await profile(a.agent, b.user.username)).body.graphql.user).toMatchObject({ blocked_by_viewer: true, followed_by_viewer: false, follows_viewer: false });
    expect((await a.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);
    expect((await a.agent.post(`/web/likes/${media.id}/like/`)).status).toBe(404);
    expect((await a.agent.post(`/web/friendships/${b.user.id}/follow/`)).status).toBe(400);
    expect((await a.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges).toEqual([]);
    const follows = await t.db.selectFrom('follows').select('id').where((eb) => eb.or([eb('follower_id', '=', a.user.id), eb('follower_id', '=', b.user.id)])).execute();
    expect(follows).toEqual([]);
    await a.agent.post(`/web/friendships/${b.user.id}/unblock/`);
    expect((await profile(b.agent, a.user.username)).status).toBe(200);
    expect((await a.agent.post(`/web/friendships/${b.user.id}/follow/`)).body.result).toBe('following');
  });

  it('blocked accounts drop out of follow lists', async () => {
    const star = await person();
    const a = await person();
    const b = await person();
    await a.agent.post(`/web/friendships/${star.user.id}/follow/`);
    await b.agent.post(`/web/friendships/${star.user.id}/follow/`);
    await b.agent.post(`/web/friendships/${a.user.id}/block/`);
    const seenByA = await a.agent.get(q('follow_list', { id: star.user.id, type: 'followers' }));
    expect(ids(seenByA.body.data.user.edge_followed_by.edges)).toEqual([a.user.id]);
  });
});

describe(`follow lists (${databaseKind})`, () => {
  it('pages newest first, with mutual_only and mutual_first', async () => {
    const star = await person();
    const viewer = await person();
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const f = await person();
      fans.push(f);
      await f.agent.post(`/web/friendships/${star.user.id}/follow/`);
    }
    await viewer.agent.post(`/web/friendships/${fans[1]!.user.id}/follow/`);
    await viewer.agent.post(`/web/friendships/${fans[3]!.user.id}/follow/`);
    const all: string[] = [];
    let after: string | null = null;
    do {
      const res = await viewer.agent.get(q('follow_list', { id: star.user.id, type: 'followers', first: 2, after }));
      const edge = res.body.data.user.edge_followed_by;
      expect(edge.count).toBe(5);
      all.push(...ids(edge.edges));
      after = edge.page_info.has_next_page ? edge.page_info.end_cursor : null;
    } while (after);
    expect(all).toEqual(fans.map((f) => f.user.id).reverse());
    const mutual = await viewer.agent.get(q('follow_list', { id: star.user.id, type: 'followers', mutual_only: true }));
    expect(ids(mutual.body.data.user.edge_followed_by.edges)).toEqual([fans[3]!.user.id, fans[1]!.user.id]);
    const firstSeen: string[] = [];
    after = null;
    do {
      const res = await viewer.agent.get(q('follow_list', { id: star.user.id, type: 'followers', first: 2, after, mutual_first: true }));
      const edge = res.body.data.user.edge_followed_by;
      firstSeen.push(...ids(edge.edges));
      after = edge.page_info.has_next_page ? edge.page_info.end_cursor : null;
    } while (after);
    expect(firstSeen).toEqual([fans[3], fans[1], fans[4], fans[2], fans[0]].map((f) => f!.user.id));
    const following = await viewer.agent.get(q('follow_list', { id: viewer.user.id, type: 'following' }));
    expect(following.body.data.user.edge_follow.edges[0].node).toMatchObject({ id: fans[3]!.user.id, followed_by_viewer: true });
  });
});

describe(`follow counters (${databaseKind})`, () => {
  it('follower and following counts stay equal to the follows, through repeats, approvals, going public, blocks and unfollows', async () => {
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    const counts = async (p: Person) => {
      const user = (await profile(p.agent, p.user.username)).body.graphql.user;
      return [user.edge_followed_by.count, user.edge_follow.count];
    };
    const truth = async (p: Person) => {
      const n = async (column: 'followee_id' | 'follower_id') =>
        Number((await t.db.selectFrom('follows').select((eb) => eb.fn.countAll<string>().as('n')).where(column, '=', p.user.id).executeTakeFirstOrThrow()).n);
      return [await n('followee_id'), await n('follower_id')];
    };
    await a.agent.post(`/web/friendships/${b.user.id}/follow/`);
    await a.agent.post(`/web/friendships/${b.user.id}/follow/`);
    await c.agent.post(`/web/friendships/${b.user.id}/follow/`);
    await b.agent.post(`/web/friendships/${a.user.id}/follow/`);
    expect(await counts(b)).toEqual([2, 1]);
    await d.agent.post('/accounts/set_private/');
    await a.agent.post(`/web/friendships/${d.user.id}/follow/`);
    await b.agent.post(`/web/friendships/${d.user.id}/follow/`);
    expect(await counts(d)).toEqual([0, 0]);
    await d.agent.post(`/web/friendships/${a.user.id}/approve/`);
    expect(await counts(d)).toEqual([1, 0]);
    await d.agent.post('/accounts/set_public/');
    expect(await counts(d)).toEqual([2, 0]);
    await b.agent.post(`/web/friendships/${a.user.id}/block/`);
    expect(await counts(b)).toEqual([1, 1]);
    await c.agent.post(`/web/friendships/${b.user.id}/unfollow/`);
    await c.agent.post(`/web/friendships/${b.user.id}/unfollow/`);
    for (const p of [a, b, c, d]) expect(await counts(p)).toEqual(await truth(p));
    expect(await counts(b)).toEqual([0, 1]);
  });
});
