import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { makeJpeg, multipart, postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = queryUrl;
const person = () => signedUpAgent(t.app);

describe(`edit profile (${databaseKind})`, () => {
  it('R-000-signup-15: the form starts from the account, gender unspecified (3) by default', async () => {
    const { agent, user } = await person();
    const res = await agent.get('/accounts/edit/?__a=1');
    expect(res.body.form_data).toMatchObject({ username: user.username, email: user.email, first_name: user.first_name, gender: 3, chaining_enabled: true, biography: '' });
    expect((await new Agent(t.app).get('/accounts/edit/?__a=1')).status).toBe(401);
  });

  it('saves every field and answers field errors from the server', async () => {
    const { agent, user } = await person();
    const other = await person();
    const base = { first_name: 'New Name', username: `${user.username}_x`, biography: 'Hello', external_url: 'example.org/me', email: `new.${user.email}`, phone_number: '+44 20 7946 0000', gender: '4', custom_gender: 'Non-binary', chaining_enabled: 'false', password: user.password };
    expect((await agent.post('/accounts/edit/', base)).body).toEqual({ status: 'ok' });
    const form = (await agent.get('/accounts/edit/?__a=1')).body.form_data;
    expect(form).toMatchObject({ first_name: 'New Name', username: `${user.username}_x`, external_url: 'https://example.org/me', gender: 4, custom_gender: 'Non-binary', chaining_enabled: false });
    const bad = await agent.post('/accounts/edit/', { ...base, username: other.user.username.toUpperCase(), biography: 'x'.repeat(151), external_url: 'not a url', gender: '9', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['biography', 'email', 'external_url', 'gender', 'username']);
    expect(Object.values(bad.body.errors).flat()).toContain(bad.body.message);
    const custom = await agent.post('/accounts/edit/', { ...base, custom_gender: '' });
    expect(custom.body.errors.custom_gender).toBeDefined();
    expect((await agent.get('/accounts/edit/?__a=1')).body.form_data.username).toBe(`${user.username}_x`);
  });
});

describe(`profile picture (${databaseKind})`, () => {
  it('R-000-profile-picture-1 R-000-profile-picture-3: changes to a metadata-free square, offers the first-post upsell, then removes it', async () => {
    const { agent, user } = await person();
    const body = multipart({}, { field: 'profile_pic', name: 'me.jpg', type: 'image/jpeg', data: await makeJpeg(800, 600, { gps: true }) });
    const res = await agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: body.payload, contentType: body.contentType });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed_profile: true, has_profile_pic: true, profile_pic_to_post_upsell_eligible: true, status: 'ok' });
    const file = await t.app.inject({ method: 'GET', url: res.body.profile_pic_url_hd });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([320, 320, undefined]);
    expect((await agent.get(`/${user.username}/?__a=1`)).body.graphql.user.profile_pic_url_hd).toBe(res.body.profile_pic_url_hd);
    await postPhoto(agent);
    const again = await agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: body.payload, contentType: body.contentType });
    expect(again.body.profile_pic_to_post_upsell_eligible).toBe(false);
    const removed = await agent.post('/accounts/web_remove_profile_picture/');
    expect(removed.body).toMatchObject({ changed_profile: true, has_profile_pic: false, profile_pic_url: '/static/default-avatar.svg' });
    expect((await t.app.inject({ method: 'GET', url: again.body.profile_pic_url_hd })).statusCode).toBe(404);
  });

  it('R-000-profile-picture-2: refuses what is not a picture, and visitors', async () => {
    const { agent } = await person();
    const body = multipart({}, { field: 'profile_pic', name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all, just text'.repeat(20)) });
    const res = await agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: body.payload, contentType: body.contentType });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
    expect((await new Agent(t.app).post('/accounts/web_remove_profile_picture/')).status).toBe(401);
  });
});

describe(`activity (${databaseKind})`, () => {
  it('R-000-activity-3: likes, comments, comment likes, mentions and follows reach the owner; counts reset on check', async () => {
    const owner = await person();
    const fan = await person();
    const media = await postPhoto(owner.agent, 'look');
    await fan.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    await fan.agent.post(`/web/likes/${media.id}/like/`);
    const c = (await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `thanks @${fan.user.username}` })).body.comment;
    await fan.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'gorgeous' });
    await fan.agent.post(`/web/comments/like/${c.id}/`);
    const counts = (await owner.agent.get(q('activity_counts'))).body.data.user.activity_counts;
    expect(counts).toEqual({ likes: 1, comments: 1, comment_likes: 1, relationships: 1, usertags: 0 });
    // the fan was mentioned in the owner's comment
    expect((await fan.agent.get(q('activity_counts'))).body.data.user.activity_counts).toMatchObject({ comments: 1, comment_likes: 0 });
    const feed = (await owner.agent.get('/accounts/activity/?__a=1')).body.graphql.user.activity_feed;
    expect(feed.edge_web_activity_feed.edges.map((e: { node: { type: string } }) => e.node.type)).toEqual(['comment_like', 'comment', 'like', 'follow']);
    expect(feed.edge_web_activity_feed.edges[2].node).toMatchObject({ user: { id: fan.user.id }, media: { id: media.id, shortcode: media.shortcode } });
    // R-000-activity-3: an older timestamp does not move the mark back
    await owner.agent.post('/web/activity/mark_checked/', { timestamp: String(feed.timestamp + 1) });
    await owner.agent.post('/web/activity/mark_checked/', { timestamp: '1' });
    expect((await owner.agent.get(q('activity_counts'))).body.data.user.activity_counts).toEqual({ likes: 0, comments: 0, comment_likes: 0, relationships: 0, usertags: 0 });
    // an unlike takes its event back
    await fan.agent.post(`/web/likes/${media.id}/unlike/`);
    const after = (await owner.agent.get('/accounts/activity/?__a=1')).body.graphql.user.activity_feed.edge_web_activity_feed.edges;
    expect(after.map((e: { node: { type: string } }) => e.node.type)).toEqual(['comment_like', 'comment', 'follow']);
  });
});

describe(`suggested users (${databaseKind})`, () => {
  it('ranks friends of friends first, never the followed, dismissed or blocked', async () => {
    const viewer = await person();
    const [a, b, x, y, z] = [await person(), await person(), await person(), await person(), await person()];
    await viewer.agent.post(`/web/friendships/${a.user.id}/follow/`);
    await viewer.agent.post(`/web/friendships/${b.user.id}/follow/`);
    for (const f of [a, b]) await f.agent.post(`/web/friendships/${x.user.id}/follow/`);
    await a.agent.post(`/web/friendships/${y.user.id}/follow/`);
    await a.agent.post(`/web/friendships/${z.user.id}/follow/`);
    const list = (await viewer.agent.get(q('suggested_users', { fetch_suggested_count: 30 }))).body.data.user.edge_suggested_users;
    const ids = list.edges.map((e: { node: { user: { id: string } } }) => e.node.user.id);
    expect(ids[0]).toBe(x.user.id);
    expect(list.edges[0].node.description).toMatch(/^Followed by .+ \+ 1 more$/);
    expect(ids).toContain(y.user.id);
    expect(ids).not.toContain(a.user.id);
    expect(ids).not.toContain(viewer.user.id);
    await viewer.agent.post('/web/discover/dismiss_suggestion/', { target_id: x.user.id });
    await viewer.agent.post(`/web/friendships/${y.user.id}/block/`);
    const next = (await viewer.agent.get(q('suggested_users', {}))).body.data.user.edge_suggested_users.edges.map((e: { node: { user: { id: string } } }) => e.node.user.id);
    expect(next).not.toContain(x.user.id);
    expect(next).not.toContain(y.user.id);
    expect(next[0]).toBe(z.user.id);
    const seen = (await viewer.agent.get(q('suggested_users', { seen_ids: [z.user.id] }))).body.data.user.edge_suggested_users.edges.map((e: { node: { user: { id: string } } }) => e.node.user.id);
    expect(seen).not.toContain(z.user.id);
    expect((await viewer.agent.get(q('suggested_users_count'))).body.data.user.edge_suggested_users.count).toBeGreaterThan(0);
  });
});
