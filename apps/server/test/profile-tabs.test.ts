import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
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

  const taggedTab = async (agent: Agent, userId: string) => (await agent.get(q('tagged_posts', { id: userId }))).body.data.user;
  const statuses = (edges: { node: { id: string; tag_status: string } }[]) => edges.map((e) => [e.node.id, e.node.tag_status]);
  type ActivityNode = { type: string; media: { id: string } | null; tag_status?: string | null };
  const usertagActivity = async (agent: Agent) =>
    ((await agent.get('/accounts/activity/?__a=1')).body.graphql.user.activity_feed.edge_web_activity_feed.edges as { node: ActivityNode }[])
      .filter((e) => e.node.type === 'usertag').map((e) => [e.node.media?.id, e.node.tag_status]);
  const usertagCount = async (agent: Agent) => (await agent.get(q('activity_counts'))).body.data.user.activity_counts.usertags as number;

  it('the tagged person is told a tag waits for their review, in the usertags count and an activity item that follows the review', async () => {
    const tagged = await person();
    const friend = await person();
    const first = await tagPost(friend, tagged.user.id, 'one');
    const second = await tagPost(friend, tagged.user.id, 'two');
    expect(await usertagCount(tagged.agent)).toBe(2);
    expect(await usertagActivity(tagged.agent)).toEqual([[second.id, 'pending'], [first.id, 'pending']]);
    // Reviews by default: their own tab says so, nobody else's answer carries it.
    expect((await taggedTab(tagged.agent, tagged.user.id)).usertag_review_enabled).toBe(true);
    expect((await taggedTab(friend.agent, tagged.user.id)).usertag_review_enabled).toBeUndefined();

    await tagged.agent.post(`/web/usertags/${first.id}/approve/`);
    await tagged.agent.post(`/web/usertags/${second.id}/remove/`);
    expect(await usertagActivity(tagged.agent)).toEqual([[second.id, null], [first.id, 'approved']]);
    // Approving again leaves the tag where it is.
    expect((await tagged.agent.post(`/web/usertags/${first.id}/approve/`)).status).toBe(200);
    expect(statuses((await taggedTab(tagged.agent, tagged.user.id)).edge_user_to_photos_of_you.edges)).toEqual([[first.id, 'approved']]);
  });

  it('R-001-profile-4: tags of someone who does not review them are approved as they are made, the newest in front, on the Tagged tab for everyone', async () => {
    const tagged = await person();
    const friend = await person();
    const stranger = await person();
    const older = await tagPost(friend, tagged.user.id, 'before');
    const off = await tagged.agent.post('/accounts/set_usertag_review/', { enabled: 'false' });
    expect(off.body).toEqual({ status: 'ok', usertag_review_enabled: false });
    expect((await taggedTab(tagged.agent, tagged.user.id)).usertag_review_enabled).toBe(false);
    const newer = await tagPost(friend, tagged.user.id, 'after');
    // Told all the same, with nothing to review.
    expect(await usertagActivity(tagged.agent)).toEqual([[newer.id, 'approved'], [older.id, 'pending']]);
    const seen = (await taggedTab(stranger.agent, tagged.user.id)).edge_user_to_photos_of_you;
    expect(seen.count).toBe(1);
    expect(ids(seen.edges)).toEqual([newer.id]);
    expect((await stranger.agent.get(`/${tagged.user.username}/?__a=1`)).body.graphql.user.edge_user_to_photos_of_you.count).toBe(1);
    // A tag added by an edit is approved at once too; the earlier tag still waits.
    const plain = await postPhoto(friend.agent, 'untagged');
    expect((await friend.agent.post(`/media/${plain.id}/edit/`, { usertags: JSON.stringify([{ user_id: tagged.user.id, position: [0.2, 0.8] }]) })).status).toBe(200);
    expect(statuses((await taggedTab(tagged.agent, tagged.user.id)).edge_user_to_photos_of_you.edges)).toEqual([[plain.id, 'approved'], [newer.id, 'approved'], [older.id, 'pending']]);
    // Turned on again, new tags wait once more.
    await tagged.agent.post('/accounts/set_usertag_review/', { enabled: 'true' });
    const latest = await tagPost(friend, tagged.user.id, 'latest');
    expect((await usertagActivity(tagged.agent))[0]).toEqual([latest.id, 'pending']);
    expect((await new Agent(t.app).post('/accounts/set_usertag_review/', { enabled: '0' })).status).toBe(401);
  });

  it("a private account's post that tags someone shows to them and their tag, never to a stranger through the Tagged tab", async () => {
    const owner = await person();
    const tagged = await person();
    const follower = await person();
    const stranger = await person();
    await makePrivate(t.db, owner.user.id);
    await follow(t.db, follower.user.id, owner.user.id);
    const media = await tagPost(owner, tagged.user.id, 'friends only');
    // The tagged person, who does not follow the owner, sees the post, is told and can approve.
    expect((await tagged.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(200);
    expect(await usertagActivity(tagged.agent)).toEqual([[media.id, 'pending']]);
    expect(await usertagCount(tagged.agent)).toBe(1);
    expect((await tagged.agent.post(`/web/usertags/${media.id}/approve/`)).status).toBe(200);
    expect(statuses((await taggedTab(tagged.agent, tagged.user.id)).edge_user_to_photos_of_you.edges)).toEqual([[media.id, 'approved']]);
    // The owner's other posts stay closed to them.
    const other = await postPhoto(owner.agent, 'not tagged');
    expect((await tagged.agent.get(`/p/${other.shortcode}/?__a=1`)).status).toBe(404);

    // A stranger finds nothing of it on the tagged person's tab: no post, no count, no page.
    for (const viewer of [stranger.agent, new Agent(t.app)]) {
      const tab = (await viewer.get(q('tagged_posts', { id: tagged.user.id }))).body;
      expect(tab.data.user.edge_user_to_photos_of_you.edges).toEqual([]);
      expect(tab.data.user.edge_user_to_photos_of_you.count).toBe(0);
      expect(JSON.stringify(tab)).not.toContain(media.shortcode);
      expect((await viewer.get(`/${tagged.user.username}/?__a=1`)).body.graphql.user.edge_user_to_photos_of_you.count).toBe(0);
      expect((await viewer.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);
    }
    // The owner's follower sees it there.
    const followerTab = (await taggedTab(follower.agent, tagged.user.id)).edge_user_to_photos_of_you;
    expect([followerTab.count, ids(followerTab.edges)]).toEqual([1, [media.id]]);

    // Removed from the post, the tagged person no longer sees it.
    await tagged.agent.post(`/web/usertags/${media.id}/remove/`);
    expect((await tagged.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);
    expect(await usertagActivity(tagged.agent)).toEqual([]);
  });
});
