import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Agent, signedUpAgent, queryUrl as q } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createHashtagsRepository } from '../src/features/hashtags/repository.js';
import { createPostsRepository } from '../src/features/posts/repository.js';
import { createIdGenerator } from '../src/platform/ids.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
let n = 0;
const uniqueTag = (stem: string) => `${stem}${Date.now().toString(36)}${(n += 1)}`;
const idsOf = (edges: { node: { id: string } }[]) => edges.map((e) => e.node.id);
const hashtagOf = async (agent: Agent, tag: string) => (await agent.get(`/explore/tags/${tag}/?__a=1`)).body.graphql.hashtag;
const gridOf = async (agent: Agent, tag: string) => (await agent.get(q('hashtag_media', { tag_name: tag }))).body.data.hashtag.edge_hashtag_to_media;
const searched = async (agent: Agent, query: string, context = 'blended') =>
  (await agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}&context=${context}`)).body.hashtags.map((h: { hashtag: { name: string; media_count: number } }) => [h.hashtag.name, h.hashtag.media_count]);
/** What the page of a tag nobody used answers, but for its name. */
const unusedShape = async (agent: Agent) => ({ ...(await hashtagOf(agent, uniqueTag('neverused'))), name: expect.any(String) });

async function followApproved(follower: Person, owner: Person) {
  await follower.agent.post(`/web/friendships/${owner.user.id}/follow/`);
  await owner.agent.post(`/web/friendships/${follower.user.id}/approve/`);
}

/** The stored public count against a recount of the posts anyone may see. */
async function publicCounts(tag: string) {
  const stored = await t.db.selectFrom('hashtags').select('public_media_count').where('name', '=', tag).executeTakeFirst();
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from media_hashtags mh join media on media.id = mh.media_id
    join users owner on owner.id = media.owner_id where mh.tag = ${tag} and owner.is_private = false and media.status = 'ready'`.execute(t.db);
  return { stored: stored?.public_media_count, recounted: Number(rows[0]!.n) };
}

describe(`a hashtag used only on a private account's posts (${databaseKind})`, () => {
  it('is, for strangers and visitors, a tag nobody used: no count, no posts, not followable; its owner and followers see it with its count', async () => {
    const tag = uniqueTag('secrettag');
    const owner = await person();
    await owner.agent.post('/accounts/set_private/');
    const media = await postPhoto(owner.agent, `only us #${tag}`);
    const follower = await person();
    await followApproved(follower, owner);
    const stranger = await person();
    const visitor = new Agent(t.app);

    for (const agent of [stranger.agent, visitor]) {
      const page = await hashtagOf(agent, tag);
      expect(page).toEqual(await unusedShape(agent));
      expect(page).toMatchObject({ name: tag, id: null, allow_following: false, edge_hashtag_to_media: { count: 0, edges: [] } });
      expect(await gridOf(agent, tag)).toMatchObject({ count: 0, edges: [] });
    }
    // Following it or acknowledging it answers as for a tag nobody used.
    expect((await stranger.agent.post(`/web/tags/follow/${tag}/`)).status).toBe(404);
    expect((await stranger.agent.post(`/web/tags/acknowledge_advisory/${tag}/`)).status).toBe(404);

    for (const viewer of [follower, owner]) {
      const page = await hashtagOf(viewer.agent, tag);
      expect(page).toMatchObject({ name: tag, id: expect.any(String), allow_following: true, edge_hashtag_to_media: { count: 1 } });
      expect(idsOf(page.edge_hashtag_to_media.edges)).toEqual([media.id]);
      expect(idsOf(page.edge_hashtag_to_top_posts.edges)).toEqual([media.id]);
      expect((await gridOf(viewer.agent, tag)).count).toBe(1);
    }
    expect((await follower.agent.post(`/web/tags/follow/${tag}/`)).status).toBe(200);
  });

  it('is not found by search, nor kept in recent searches, nor listed in the hashtags directory', async () => {
    const tag = uniqueTag('secrettag');
    const owner = await person();
    await owner.agent.post('/accounts/set_private/');
    await postPhoto(owner.agent, `#${tag}`);
    const stranger = await person();
    const follower = await person();
    await followApproved(follower, owner);
    // Search is one list for everyone: tags with posts anyone may see, by that count.
    for (const agent of [stranger.agent, new Agent(t.app), follower.agent, owner.agent]) {
      expect(await searched(agent, tag)).toEqual([]);
      expect(await searched(agent, `#${tag}`, 'hashtag')).toEqual([]);
      expect(await searched(agent, tag.slice(0, -1), 'hashtag')).toEqual([]);
    }
    expect((await stranger.agent.post('/web/search/register_recent_search/', { entity_type: 'hashtag', entity_id: tag })).status).toBe(404);
    // The directory's one read, from the tag's own name on.
    expect(await createHashtagsRepository(t.db).directoryNames(tag, null, 1, true)).not.toContain(tag);
  });

  it('beside public posts, counts only those: strangers see the public count, followers the posts they may see too', async () => {
    const tag = uniqueTag('mixedtag');
    const owner = await person();
    const other = await person();
    await owner.agent.post('/accounts/set_private/');
    await postPhoto(owner.agent, `#${tag}`);
    await postPhoto(owner.agent, `#${tag}`);
    await postPhoto(other.agent, `#${tag}`);
    const follower = await person();
    await followApproved(follower, owner);
    expect((await hashtagOf(new Agent(t.app), tag)).edge_hashtag_to_media.count).toBe(1);
    expect((await hashtagOf((await person()).agent, tag)).edge_hashtag_to_media.count).toBe(1);
    expect((await hashtagOf(follower.agent, tag)).edge_hashtag_to_media.count).toBe(3);
    expect((await hashtagOf(owner.agent, tag)).edge_hashtag_to_media.count).toBe(3);
    expect(await searched(follower.agent, tag, 'hashtag')).toEqual([[tag, 1]]);
  });
});

describe(`a tag with many posts outside its public count (${databaseKind})`, () => {
  it('counts a viewer\'s share of them from the accounts they follow, and a stranger\'s as none', async () => {
    const nextId = createIdGenerator(4091);
    const tag = uniqueTag('crowdtag');
    const [loud, quiet] = [await person(), await person()];
    for (const p of [loud, quiet]) await p.agent.post('/accounts/set_private/');
    // As posts' writes keep them, in bulk: 600 of one private account's posts and 2 of another's.
    const rows = [...Array.from({ length: 600 }, () => loud.user.id), quiet.user.id, quiet.user.id].map((owner_id) => ({ id: nextId(), owner_id }));
    await t.db.insertInto('media').values(rows.map((r) => ({ ...r, media_type: 'image' as const }))).execute();
    await t.db.insertInto('media_hashtags').values(rows.map((r) => ({ media_id: r.id, tag, owner_id: r.owner_id, is_public: false }))).execute();
    await t.db.insertInto('hashtags').values({ name: tag, folded_name: tag, media_count: rows.length, public_media_count: 0 }).execute();
    const follower = await person();
    await followApproved(follower, quiet);
    const both = await person();
    await followApproved(both, quiet);
    await followApproved(both, loud);

    const repo = createHashtagsRepository(t.db);
    const stranger = await person();
    const counts = await Promise.all([follower, both, loud, stranger].map((p) => repo.hiddenCountFor(tag, p.user.id, rows.length)));
    expect(counts).toEqual([2, 602, 600, 0]);
    expect((await hashtagOf(stranger.agent, tag)).id).toBeNull();
    expect((await hashtagOf(new Agent(t.app), tag)).edge_hashtag_to_media.count).toBe(0);
  });
});

describe(`public counts follow who may see the posts (${databaseKind})`, () => {
  it('an account going private takes its posts out of its tags\' public counts, and going public brings them back', async () => {
    const tag = uniqueTag('switchtag');
    const owner = await person();
    const other = await person();
    const posted = [await postPhoto(owner.agent, `#${tag}`), await postPhoto(owner.agent, `#${tag} again`)];
    await postPhoto(other.agent, `#${tag}`);
    const follower = await person();
    await follower.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    expect(await searched(new Agent(t.app), tag, 'hashtag')).toEqual([[tag, 3]]);

    await owner.agent.post('/accounts/set_private/');
    expect(await publicCounts(tag)).toEqual({ stored: 1, recounted: 1 });
    expect((await hashtagOf(new Agent(t.app), tag)).edge_hashtag_to_media.count).toBe(1);
    expect(await searched(new Agent(t.app), tag, 'hashtag')).toEqual([[tag, 1]]);
    expect((await hashtagOf(follower.agent, tag)).edge_hashtag_to_media.count).toBe(3);
    // Switching again to what it is changes nothing.
    await owner.agent.post('/accounts/set_private/');
    expect(await publicCounts(tag)).toEqual({ stored: 1, recounted: 1 });

    // Deleting a post while private leaves the public count alone; its tag's other posts stay counted.
    expect((await owner.agent.post(`/create/${posted[1]!.id}/delete/`)).status).toBe(200);
    expect(await publicCounts(tag)).toEqual({ stored: 1, recounted: 1 });

    await owner.agent.post('/accounts/set_public/');
    expect(await publicCounts(tag)).toEqual({ stored: 2, recounted: 2 });
    expect(await searched(new Agent(t.app), tag, 'hashtag')).toEqual([[tag, 2]]);
    expect((await hashtagOf(new Agent(t.app), tag)).edge_hashtag_to_media.count).toBe(2);
  });

  it('an edit that adds or drops the tag moves the public count only for a post anyone may see', async () => {
    const tag = uniqueTag('edittag');
    const owner = await person();
    await owner.agent.post('/accounts/set_private/');
    const media = await postPhoto(owner.agent, 'no tag yet');
    expect((await owner.agent.post(`/media/${media.id}/edit/`, { caption: `now #${tag}` })).status).toBe(200);
    expect(await t.db.selectFrom('hashtags').select(['media_count', 'public_media_count']).where('name', '=', tag).executeTakeFirst()).toEqual({ media_count: 1, public_media_count: 0 });
    await owner.agent.post('/accounts/set_public/');
    expect(await t.db.selectFrom('hashtags').select(['media_count', 'public_media_count']).where('name', '=', tag).executeTakeFirst()).toEqual({ media_count: 1, public_media_count: 1 });
    expect((await owner.agent.post(`/media/${media.id}/edit/`, { caption: 'tag gone' })).status).toBe(200);
    expect(await t.db.selectFrom('hashtags').select(['media_count', 'public_media_count']).where('name', '=', tag).executeTakeFirst()).toEqual({ media_count: 0, public_media_count: 0 });
  });

  it('a video post counts publicly once it is ready, and never when its encoding fails', async () => {
    const nextId = createIdGenerator(4093);
    const repo = createPostsRepository(t.db);
    const owner = await person();
    const [readyTag, failedTag] = [uniqueTag('cliptag'), uniqueTag('brokentag')];
    const post = async (uploadId: string, tag: string) => {
      await repo.insertUpload({ upload_id: uploadId, owner_id: owner.user.id, kind: 'video', status: 'processing', width: 64, height: 64, thumbhash: null, variants: [], source_key: null });
      const id = nextId();
      await repo.insertMedia({
        id, owner_id: owner.user.id, media_type: 'video', status: 'processing', caption: `#${tag}`, accessibility_caption: null, location_id: null,
        items: [{ kind: 'video', width: 64, height: 64, thumbhash: null, variants: [], video_key: `pending:${uploadId}`, poster_key: null, duration_ms: null, accessibility_caption: null, usertags: [] }],
        hashtags: [tag], mention_ids: [], upload_ids: [uploadId],
      });
      return id;
    };
    const [clip, broken] = [nextId(), nextId()];
    await post(clip, readyTag);
    await post(broken, failedTag);
    expect(await publicCounts(readyTag)).toEqual({ stored: 0, recounted: 0 });
    // Its owner sees it (still processing), a visitor does not.
    expect((await hashtagOf(owner.agent, readyTag)).edge_hashtag_to_media.count).toBe(1);
    expect((await hashtagOf(new Agent(t.app), readyTag)).edge_hashtag_to_media.count).toBe(0);

    await repo.finishVideoUpload(owner.user.id, clip, { width: 64, height: 64, video_key: 'videos/clip.mp4', poster_key: 'videos/clip.jpg', duration_ms: 1000, thumbhash: null, variants: [] });
    expect(await publicCounts(readyTag)).toEqual({ stored: 1, recounted: 1 });
    expect((await hashtagOf(new Agent(t.app), readyTag)).edge_hashtag_to_media.count).toBe(1);

    await repo.failUpload(owner.user.id, broken, 'could not decode');
    expect(await publicCounts(failedTag)).toEqual({ stored: 0, recounted: 0 });
  });
});
