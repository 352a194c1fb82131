import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = queryUrl;
const person = () => signedUpAgent(t.app);
const ids = (edges: { node: { id: string } }[]) => edges.map((e) => e.node.id);

async function tagPost(owner: { agent: Agent }, taggedId: string, caption: string) {
  const up = await uploadPhoto(owner.agent);
  const res = await owner.agent.post('/create/configure/', { upload_id: up.uploadId, caption, usertags: JSON.stringify([{ user_id: taggedId, position: [0.5, 0.5] }]) });
  return res.body.media;
}

describe(`saved tab (${databaseKind})`, () => {
  it('lists only the viewer\'s own saves, newest first', async () => {
    const owner = await person();
    const viewer = await person();
    const a = await postPhoto(owner.agent, 'a');
    const b = await postPhoto(owner.agent, 'b');
    await viewer.agent.post(`/web/save/${b.id}/save/`);
    await viewer.agent.post(`/web/save/${a.id}/save/`);
    const saved = (await viewer.agent.get(q('saved_posts'))).body.data.user.edge_saved_media;
    expect(saved.count).toBe(2);
    expect(ids(saved.edges)).toEqual([a.id, b.id]);
    expect((await owner.agent.get(q('saved_posts'))).body.data.user.edge_saved_media.edges).toEqual([]);
    expect((await new Agent(t.app).get(q('saved_posts'))).status).toBe(401);
  });
});

describe(`tagged tab (${databaseKind})`, () => {
  it('R-001-profile-2 R-001-profile-3 R-001-profile-4 R-001-profile-5: tags wait for approval; an approved post goes to the front and the count moves by one; removal takes it away', async () => {
    const tagged = await person();
    const friend = await person();
    const stranger = await person();
    const first = await tagPost(friend, tagged.user.id, 'first');
    const second = await tagPost(friend, tagged.user.id, 'second');
    const profile = async (agent: Agent) => (await agent.get(`/${tagged.user.username}/?__a=1`)).body.graphql.user;
    expect((await profile(stranger.agent)).edge_user_to_photos_of_you.count).toBe(0);
    const mine = (await tagged.agent.get(q('tagged_posts', { id: tagged.user.id }))).body.data.user.edge_user_to_photos_of_you;
    expect(mine.edges.map((e: { node: { id: string; tag_status: string } }) => [e.node.id, e.node.tag_status])).toEqual([[second.id, 'pending'], [first.id, 'pending']]);
    expect((await stranger.agent.get(q('tagged_posts', { id: tagged.user.id }))).body.data.user.edge_user_to_photos_of_you.edges).toEqual([]);
    // A pending tag is on the photo for the tagged person and the owner only.
    const tagsOn = async (agent: Agent, shortcode: string) =>
      ((await agent.get(`/p/${shortcode}/?__a=1`)).body.graphql.shortcode_media.edge_media_to_tagged_user.edges as { node: { user: { id: string } } }[]).map((e) => e.node.user.id);
    expect(await tagsOn(stranger.agent, first.shortcode)).toEqual([]);
    expect(await tagsOn(tagged.agent, first.shortcode)).toEqual([tagged.user.id]);
    expect(await tagsOn(friend.agent, first.shortcode)).toEqual([tagged.user.id]);

    // only the tagged person approves
    expect((await stranger.agent.post(`/web/usertags/${first.id}/approve/`)).status).toBe(404);
    await tagged.agent.post(`/web/usertags/${second.id}/approve/`);
    await tagged.agent.post(`/web/usertags/${first.id}/approve/`);
    expect((await profile(stranger.agent)).edge_user_to_photos_of_you.count).toBe(2);
    const seen = (await stranger.agent.get(q('tagged_posts', { id: tagged.user.id }))).body.data.user.edge_user_to_photos_of_you;
    expect(ids(seen.edges)).toEqual([first.id, second.id]);
    expect(await tagsOn(stranger.agent, first.shortcode)).toEqual([tagged.user.id]);

    await tagged.agent.post(`/web/usertags/${second.id}/remove/`);
    expect((await profile(stranger.agent)).edge_user_to_photos_of_you.count).toBe(1);
    const page = (await stranger.agent.get(`/p/${second.shortcode}/?__a=1`)).body.graphql.shortcode_media;
    expect(page.edge_media_to_tagged_user.edges).toEqual([]);
  });

  it('the profile page data carries the first page of posts when the viewer may see them', async () => {
    const owner = await person();
    const made = [(await postPhoto(owner.agent, '1')).id, (await postPhoto(owner.agent, '2')).id];
    const data = (await new Agent(t.app).get(`/${owner.user.username}/?__a=1`)).body.graphql.user;
    expect(ids(data.edge_owner_to_timeline_media.edges)).toEqual([...made].reverse());
    await owner.agent.post('/accounts/set_private/');
    const hidden = (await new Agent(t.app).get(`/${owner.user.username}/?__a=1`)).body.graphql.user;
    expect(hidden.edge_owner_to_timeline_media).toEqual({ count: 2 });
  });
});
