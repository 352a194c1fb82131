import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHTAG_TOP_POSTS } from '@shutter/contract';
import { Agent, signedUpAgent, queryUrl as q } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createHashtagsRepository } from '../src/features/hashtags/repository.js';
import { searchHashtags } from '../src/features/hashtags/service.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ env: { SENSITIVE_HASHTAGS: 'gore, #Warzone' } }); });
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
let n = 0;
const uniqueTag = (stem: string) => `${stem}${Date.now().toString(36)}${(n += 1)}`;
const idsOf = (edges: { node: { id: string } }[]) => edges.map((e) => e.node.id);
const page = async (agent: Agent, tag: string, tab = '') => agent.get(`/explore/tags/${tag}/${tab ? `${tab}/` : ''}?__a=1`);
const hashtagOf = async (agent: Agent, tag: string) => (await page(agent, tag)).body.graphql.hashtag;
const mediaCount = async (tag: string) => (await t.db.selectFrom('hashtags').select('media_count').where('name', '=', tag).executeTakeFirst())?.media_count;

describe(`hashtags: following (${databaseKind})`, () => {
  it('R-001-hashtag-5 R-002-hashtag-3: following posts /web/tags/follow/{tag}/ and unfollowing posts /web/tags/unfollow/{tag}/; each is idempotent and shows on the page', async () => {
    const tag = uniqueTag('sunset');
    const author = await person();
    await postPhoto(author.agent, `evening #${tag}`);
    const viewer = await person();
    expect((await hashtagOf(viewer.agent, tag))).toMatchObject({ name: tag, is_following: false, allow_following: true });

    const followed = await viewer.agent.post(`/web/tags/follow/${tag}/`);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ is_following: true, status: 'ok' });
    expect((await viewer.agent.post(`/web/tags/follow/${tag.toUpperCase()}/`)).status).toBe(200);
    expect((await hashtagOf(viewer.agent, tag)).is_following).toBe(true);
    expect(await t.db.selectFrom('hashtag_follows').select('user_id').where('user_id', '=', viewer.user.id).execute()).toHaveLength(1);
    // Someone else's view of the tag is their own.
    expect((await hashtagOf(author.agent, tag)).is_following).toBe(false);

    const unfollowed = await viewer.agent.post(`/web/tags/unfollow/${tag}/`);
    expect(unfollowed.body).toEqual({ is_following: false, status: 'ok' });
    expect((await viewer.agent.post(`/web/tags/unfollow/${tag}/`)).status).toBe(200);
    expect((await hashtagOf(viewer.agent, tag)).is_following).toBe(false);
  });

  it('following needs a session and the csrf token; an unknown tag is a 404 and a malformed one a 400', async () => {
    const tag = uniqueTag('tide');
    const author = await person();
    await postPhoto(author.agent, `#${tag}`);
    const visitor = new Agent(t.app);
    expect((await visitor.post(`/web/tags/follow/${tag}/`)).status).toBe(401);
    expect((await author.agent.post(`/web/tags/follow/${tag}/`, {}, { csrf: false })).status).toBe(403);
    const unknown = await author.agent.post(`/web/tags/follow/${uniqueTag('nobody')}/`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe('fail');
    for (const bad of ['not%20a%20tag', '1234', 'a-b', 'x'.repeat(101)]) {
      const res = await author.agent.post(`/web/tags/follow/${bad}/`);
      expect(res.status, bad).toBe(400);
      expect(res.body.status).toBe('fail');
    }
    expect(await t.db.selectFrom('hashtag_follows').select('user_id').where('user_id', '=', author.user.id).execute()).toHaveLength(0);
  });
});

describe(`hashtags: the tag page (${databaseKind})`, () => {
  it('R-002-routes-2: /explore/tags/{tag}/ and its top and recent tabs are the hashtag page; any other tab is a 404', async () => {
    const tag = uniqueTag('tabs');
    const author = await person();
    await postPhoto(author.agent, `#${tag}`);
    for (const tab of ['', 'top', 'recent']) {
      const res = await page(new Agent(t.app), tag, tab);
      expect(res.status, tab).toBe(200);
      expect(res.body.graphql.hashtag.name).toBe(tag);
      expect((await new Agent(t.app).get(`/explore/tags/${tag}/${tab ? `${tab}/` : ''}`)).text).toContain(`<title>#${tag} • Shutter</title>`);
    }
    expect((await page(new Agent(t.app), tag, 'popular')).status).toBe(404);
    expect((await page(new Agent(t.app), 'not%20a%20tag')).status).toBe(404);
    // A tag nobody used yet is a page without posts that cannot be followed.
    const unused = await hashtagOf(new Agent(t.app), uniqueTag('empty'));
    expect(unused).toMatchObject({ id: null, allow_following: false, edge_hashtag_to_media: { count: 0, edges: [] } });
  });

  it('shows the post count, the top posts by engagement, the newest posts paged by cursor, and the related tags', async () => {
    const tag = uniqueTag('harbour');
    const related = uniqueTag('boats');
    const rare = uniqueTag('gulls');
    const author = await person();
    const fans = await Promise.all([person(), person(), person()]);
    const posts = [];
    for (let i = 0; i < 11; i++) posts.push(await postPhoto(author.agent, `#${tag} ${i < 4 ? `#${related}` : ''} ${i === 5 ? `#${rare}` : ''}`));
    // Likes lift an older post above newer ones.
    for (const fan of fans) await fan.agent.post(`/web/likes/${posts[1]!.id}/like/`);
    await fans[0]!.agent.post(`/web/likes/${posts[2]!.id}/like/`);

    const hashtag = await hashtagOf(fans[0]!.agent, tag);
    expect(hashtag.edge_hashtag_to_media.count).toBe(11);
    const top = idsOf(hashtag.edge_hashtag_to_top_posts.edges);
    expect(top).toHaveLength(HASHTAG_TOP_POSTS);
    expect(top.slice(0, 2)).toEqual([posts[1]!.id, posts[2]!.id]);
    expect(new Set(top).size).toBe(top.length);
    expect(hashtag.profile_pic_url).toEqual(expect.any(String));
    expect(hashtag.edge_hashtag_to_related_tags.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual([related, rare]);

    const newest = posts.map((p) => p.id).reverse();
    const first = (await fans[0]!.agent.get(q('hashtag_media', { tag_name: tag, first: 6 }))).body.data.hashtag;
    expect(idsOf(first.edge_hashtag_to_media.edges)).toEqual(newest.slice(0, 6));
    const next = (await fans[0]!.agent.get(q('hashtag_media', { tag_name: tag, first: 6, after: first.edge_hashtag_to_media.page_info.end_cursor }))).body.data.hashtag;
    expect(idsOf(next.edge_hashtag_to_media.edges)).toEqual(newest.slice(6));
    expect(next.edge_hashtag_to_media.page_info.has_next_page).toBe(false);
  });

  it('the post count follows posts as they are created, edited and deleted', async () => {
    const tag = uniqueTag('count');
    const other = uniqueTag('other');
    const author = await person();
    const a = await postPhoto(author.agent, `#${tag}`);
    const b = await postPhoto(author.agent, `#${tag} #${tag.toUpperCase()}`);
    expect(await mediaCount(tag)).toBe(2);
    expect((await author.agent.post(`/media/${a.id}/edit/`, { caption: `now #${other}` })).status).toBe(200);
    expect(await mediaCount(tag)).toBe(1);
    expect(await mediaCount(other)).toBe(1);
    // An edit that keeps the tag keeps the count.
    expect((await author.agent.post(`/media/${b.id}/edit/`, { caption: `still #${tag}` })).status).toBe(200);
    expect(await mediaCount(tag)).toBe(1);
    expect((await author.agent.post(`/create/${b.id}/delete/`)).status).toBe(200);
    expect(await mediaCount(tag)).toBe(0);
    expect((await hashtagOf(author.agent, tag)).edge_hashtag_to_media.count).toBe(0);
  });

  it("a private account's posts stay off the tag's top and newest posts for anyone but its followers, and a block hides them both ways", async () => {
    const tag = uniqueTag('secret');
    const owner = await person();
    const media = await postPhoto(owner.agent, `#${tag}`);
    const viewer = await person();
    await viewer.agent.post(`/web/likes/${media.id}/like/`);
    await owner.agent.post('/accounts/set_private/');
    const follower = await person();
    await follower.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    await owner.agent.post(`/web/friendships/${follower.user.id}/approve/`);
    const shown = async (agent: Agent) => {
      const h = await hashtagOf(agent, tag);
      return [idsOf(h.edge_hashtag_to_top_posts.edges), idsOf(h.edge_hashtag_to_media.edges)];
    };
    expect(await shown(follower.agent)).toEqual([[media.id], [media.id]]);
    expect(await shown(owner.agent)).toEqual([[media.id], [media.id]]);
    expect(await shown(viewer.agent)).toEqual([[], []]);
    expect(await shown(new Agent(t.app))).toEqual([[], []]);

    await owner.agent.post('/accounts/set_public/');
    const blocked = await person();
    await owner.agent.post(`/web/friendships/${blocked.user.id}/block/`);
    const blocker = await person();
    await blocker.agent.post(`/web/friendships/${owner.user.id}/block/`);
    expect(await shown(new Agent(t.app))).toEqual([[media.id], [media.id]]);
    expect(await shown(blocked.agent)).toEqual([[], []]);
    expect(await shown(blocker.agent)).toEqual([[], []]);
  });
});

describe(`hashtags: the content advisory (${databaseKind})`, () => {
  it('R-001-hashtag-4 R-002-hashtag-2: a sensitive tag carries an advisory that each viewer acknowledges once, for that tag only', async () => {
    const author = await person();
    await postPhoto(author.agent, '#gore #warzone');
    const viewer = await person();
    const other = await person();
    expect((await hashtagOf(viewer.agent, 'gore')).content_advisory).toMatchObject({ acknowledged: false, title: expect.any(String) });
    expect((await hashtagOf(new Agent(t.app), 'warzone')).content_advisory).toMatchObject({ acknowledged: false });

    const ack = await viewer.agent.post('/web/tags/acknowledge_advisory/gore/');
    expect(ack.status).toBe(200);
    expect((await viewer.agent.post('/web/tags/acknowledge_advisory/gore/')).status).toBe(200);
    expect((await hashtagOf(viewer.agent, 'gore')).content_advisory.acknowledged).toBe(true);
    expect((await hashtagOf(viewer.agent, 'warzone')).content_advisory.acknowledged).toBe(false);
    expect((await hashtagOf(other.agent, 'gore')).content_advisory.acknowledged).toBe(false);

    expect((await new Agent(t.app).post('/web/tags/acknowledge_advisory/gore/')).status).toBe(401);
    expect((await viewer.agent.post(`/web/tags/acknowledge_advisory/${uniqueTag('nothing')}/`)).status).toBe(404);
    const plain = uniqueTag('plain');
    await postPhoto(author.agent, `#${plain}`);
    expect((await hashtagOf(viewer.agent, plain)).content_advisory).toBeNull();
  });

  it('SENSITIVE_HASHTAGS is the whole list while it is set: a tag left out loses its advisory', async () => {
    const repo = createHashtagsRepository(t.db);
    await repo.markSensitive(['leftover']);
    await repo.setSensitive(['gore', 'warzone']);
    const flags = await t.db.selectFrom('hashtags').select(['name', 'is_sensitive']).where('name', 'in', ['gore', 'warzone', 'leftover']).orderBy('name').execute();
    expect(flags).toEqual([{ name: 'gore', is_sensitive: true }, { name: 'leftover', is_sensitive: false }, { name: 'warzone', is_sensitive: true }]);
  });
});

describe(`hashtags: in the home feed (${databaseKind})`, () => {
  const feedEdges = async (agent: Agent, first = 12) => {
    const edges: { node: { id: string }; followed_hashtag?: string }[] = [];
    let after: string | null = null;
    do {
      const res = await agent.get(q('feed', { fetch_media_item_count: first, ...(after ? { fetch_media_item_cursor: after } : {}) }));
      expect(res.status).toBe(200);
      const timeline = res.body.data.user.edge_web_feed_timeline;
      edges.push(...timeline.edges);
      after = timeline.page_info.has_next_page ? timeline.page_info.end_cursor : null;
    } while (after);
    return edges;
  };

  it("followed hashtags bring posts of accounts the viewer does not follow into the feed, labelled, once, and only ones the viewer may see", async () => {
    const tag = uniqueTag('alps');
    const viewer = await person();
    const friend = await person();
    const stranger = await person();
    const hidden = await person();
    await viewer.agent.post(`/web/friendships/${friend.user.id}/follow/`);
    const own: { id: string }[] = [];
    for (let i = 0; i < 5; i++) own.push(await postPhoto(friend.agent, `hike ${i} #${tag}`));
    const strangers = [await postPhoto(stranger.agent, `#${tag} one`), await postPhoto(stranger.agent, `#${tag} two`)];
    await postPhoto(hidden.agent, `#${tag} private`);
    await hidden.agent.post('/accounts/set_private/');

    expect((await feedEdges(viewer.agent)).every((e) => e.followed_hashtag === undefined)).toBe(true);
    await viewer.agent.post(`/web/tags/follow/${tag}/`);
    const edges = await feedEdges(viewer.agent, 2);
    const ids = idsOf(edges);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => own.some((p) => p.id === id))).toHaveLength(5);
    const mixed = edges.filter((e) => e.followed_hashtag);
    expect(mixed.map((e) => e.node.id).sort()).toEqual(strangers.map((p) => p.id).sort());
    expect(mixed.every((e) => e.followed_hashtag === tag)).toBe(true);
    // The friend's posts come as the friend's, never labelled.
    expect(edges.filter((e) => own.some((p) => p.id === e.node.id)).every((e) => !e.followed_hashtag)).toBe(true);
    // Newest first across the mix.
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)));

    await viewer.agent.post(`/web/friendships/${stranger.user.id}/block/`);
    expect(idsOf(await feedEdges(viewer.agent)).some((id) => strangers.some((p) => p.id === id))).toBe(false);
  });
});

describe(`hashtags: the list of followed hashtags (${databaseKind})`, () => {
  const list = (agent: Agent, id: string, vars: Record<string, unknown> = {}) => agent.get(q('hashtag_follow_list', { id, ...vars }));

  it('R-002-follow-lists-2: /{username}/hashtag_following/, /similar_accounts/ and /related_profiles/ are pages; the list answers user.edge_following_hashtag.edges, paged', async () => {
    const follower = await person();
    const author = await person();
    const tags = [uniqueTag('kites'), uniqueTag('dunes'), uniqueTag('tides')];
    for (const tag of tags) await postPhoto(author.agent, `#${tag}`);
    for (const tag of tags) await follower.agent.post(`/web/tags/follow/${tag}/`);
    for (const path of ['hashtag_following', 'similar_accounts', 'related_profiles']) {
      const res = await author.agent.get(`/${follower.user.username}/${path}/?__a=1`);
      expect(res.status, path).toBe(200);
      expect(res.body.graphql.user.id).toBe(follower.user.id);
    }
    const first = await list(author.agent, follower.user.id, { first: 2 });
    expect(first.status).toBe(200);
    const edge = first.body.data.user.edge_following_hashtag;
    expect(edge.count).toBe(3);
    expect(edge.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual([tags[2], tags[1]]);
    expect(edge.edges[0].node).toMatchObject({ id: expect.any(String), media_count: 1, profile_pic_url: expect.stringContaining('/') });
    const rest = await list(author.agent, follower.user.id, { first: 2, after: edge.page_info.end_cursor });
    expect(rest.body.data.user.edge_following_hashtag.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual([tags[0]]);
    expect(rest.body.data.user.edge_following_hashtag.page_info.has_next_page).toBe(false);
    expect((await list(author.agent, follower.user.id, { after: 'bm9wZQ' })).status).toBe(400);
  });

  it("a private account's followed hashtags are for its followers; a block hides them both ways", async () => {
    const owner = await person();
    const tag = uniqueTag('quiet');
    await postPhoto(owner.agent, `#${tag}`);
    await owner.agent.post(`/web/tags/follow/${tag}/`);
    await owner.agent.post('/accounts/set_private/');
    const stranger = await person();
    const follower: Person = await person();
    await follower.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    await owner.agent.post(`/web/friendships/${follower.user.id}/approve/`);
    expect((await list(stranger.agent, owner.user.id)).status).toBe(403);
    expect((await list(new Agent(t.app), owner.user.id)).status).toBe(403);
    expect((await list(follower.agent, owner.user.id)).body.data.user.edge_following_hashtag.count).toBe(1);
    expect((await list(owner.agent, owner.user.id)).status).toBe(200);
    await owner.agent.post(`/web/friendships/${follower.user.id}/block/`);
    expect((await list(follower.agent, owner.user.id)).status).toBe(404);
    expect((await list(owner.agent, follower.user.id)).status).toBe(403);
  });
});

describe(`hashtags: search (${databaseKind})`, () => {
  it('finds the exact name first, then names starting with the query by post count, and names a typo away', async () => {
    const stem = `zq${Date.now().toString(36)}`;
    const author = await person();
    await postPhoto(author.agent, `#${stem}lake`);
    await postPhoto(author.agent, `#${stem}lakes #${stem}lake`);
    await postPhoto(author.agent, `#${stem}lakes`);
    await postPhoto(author.agent, `#${stem}lakes`);
    await postPhoto(author.agent, `#${stem}la`);
    const repo = createHashtagsRepository(t.db);
    const search = (query: string, limit: number) => searchHashtags(repo, query, limit);
    const names = async (query: string, limit = 10) => (await search(query, limit)).map((h) => h.name);
    expect(await names(`${stem}la`)).toEqual([`${stem}la`, `${stem}lakes`, `${stem}lake`]);
    // Two names start with it: names a typo away follow them.
    expect((await names(`#${stem.toUpperCase()}LAKE`)).slice(0, 2)).toEqual([`${stem}lake`, `${stem}lakes`]);
    const hit = (await search(`${stem}lakes`, 1))[0]!;
    expect(hit).toEqual({ id: expect.stringMatching(/^\d+$/), name: `${stem}lakes`, media_count: 3 });
    expect(await names(`${stem}lkaes`)).toContain(`${stem}lakes`);
    expect(await names('')).toEqual([]);
  });
});
