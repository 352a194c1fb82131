import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl as q } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
const tagIds = async (agent: Agent, tag: string) => (await agent.get(q('hashtag_media', { tag_name: tag }))).body.data.hashtag.edge_hashtag_to_media.edges.map((e: { node: { id: string } }) => e.node.id);

describe(`hashtag and place pages (${databaseKind})`, () => {
  it('a hashtag page lists the newest posts with the tag that the viewer may see, paged, with the count', async () => {
    const tag = `tide${Date.now()}`;
    const a = await person();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await postPhoto(a.agent, `low #${tag} number ${i}`));
    const viewer = await person();
    const first = (await viewer.agent.get(q('hashtag_media', { tag_name: `#${tag.toUpperCase()}`, first: 2 }))).body.data.hashtag;
    expect(first.name).toBe(tag);
    expect(first.edge_hashtag_to_media.count).toBe(3);
    expect(first.edge_hashtag_to_media.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([posts[2].id, posts[1].id]);
    const next = (await viewer.agent.get(q('hashtag_media', { tag_name: tag, first: 2, after: first.edge_hashtag_to_media.page_info.end_cursor }))).body.data.hashtag;
    expect(next.edge_hashtag_to_media.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([posts[0].id]);
    expect(next.edge_hashtag_to_media.page_info.has_next_page).toBe(false);

    const page = await new Agent(t.app).get(`/explore/tags/${tag}/?__a=1`);
    expect(page.status).toBe(200);
    expect(page.body.graphql.hashtag.edge_hashtag_to_media.count).toBe(3);
    expect((await new Agent(t.app).get(`/explore/tags/${tag}/`)).text).toContain(`<title>#${tag} • Shutter</title>`);
    expect((await viewer.agent.get(q('hashtag_media', { tag_name: 'not a tag!' }))).status).toBe(400);
    expect((await viewer.agent.get('/explore/tags/not%20a%20tag/?__a=1')).status).toBe(404);
  });

  it("a private account's posts and a blocked account's posts stay off a hashtag page for those who may not see them", async () => {
    const tag = `secret${Date.now()}`;
    const owner = await person();
    const media = await postPhoto(owner.agent, `#${tag}`);
    await owner.agent.post('/accounts/set_private/');
    const follower = await person();
    await follower.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    await owner.agent.post(`/web/friendships/${follower.user.id}/approve/`);
    const stranger = await person();
    expect(await tagIds(follower.agent, tag)).toEqual([media.id]);
    expect(await tagIds(owner.agent, tag)).toEqual([media.id]);
    expect(await tagIds(stranger.agent, tag)).toEqual([]);
    expect(await tagIds(new Agent(t.app), tag)).toEqual([]);
    await owner.agent.post(`/web/friendships/${follower.user.id}/block/`);
    expect(await tagIds(follower.agent, tag)).toEqual([]);
  });

  it('a place page lists its newest visible posts; an unknown place is a 404', async () => {
    const a = await person();
    const media = await postPhoto(a.agent, 'by the river', { location: 'Porto, Portugal' });
    const place = media.location as { id: string; slug: string };
    const res = await new Agent(t.app).get(q('location_media', { id: place.id }));
    expect(res.body.data.location).toMatchObject({ id: place.id, name: 'Porto, Portugal', slug: place.slug });
    expect(res.body.data.location.edge_location_to_media.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([media.id]);
    expect((await new Agent(t.app).get(`/explore/locations/${place.id}/${place.slug}/?__a=1`)).body.graphql.location.edge_location_to_media.count).toBe(1);
    expect((await new Agent(t.app).get(q('location_media', { id: '999999999' }))).status).toBe(404);
    expect((await new Agent(t.app).get('/explore/locations/999999999/nowhere/?__a=1')).status).toBe(404);
  });
});
