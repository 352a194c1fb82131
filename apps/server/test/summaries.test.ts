import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaNode } from '@shutter/contract';
import { Agent, queryUrl, signedUpAgent } from './helpers/agent.js';
import { makeJpeg, multipart, postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { pageOf, rename, seen, type Person } from './helpers/summaries.js';

/** The viewer's feed card of that post (they follow its owner). */
async function cardOf(agent: Agent, mediaId: string): Promise<MediaNode | undefined> {
  const res = await agent.get(queryUrl('feed', { fetch_media_item_count: 12 }));
  expect(res.status).toBe(200);
  return res.body.data.user.edge_web_feed_timeline.edges.map((e: { node: MediaNode }) => e.node).find((n: MediaNode) => n.id === mediaId);
}

async function follow(viewer: Person, owner: Person) {
  // A first feed read makes the viewer's timeline active, so the follow writes into it.
  await viewer.agent.get(queryUrl('feed', {}));
  expect((await viewer.agent.post(`/web/friendships/${owner.user.id}/follow/`)).status).toBe(200);
}

/** An owner, a follower whose feed shows the owner's posts, and a new post of the owner's. */
async function followedPost(app: TestApp['app'], caption: string, extra: Record<string, string> = {}) {
  const owner = await signedUpAgent(app);
  const fan = await signedUpAgent(app);
  await follow(fan, owner);
  return { owner, fan, media: await postPhoto(owner.agent, caption, extra) };
}

const tagsOf = (node: MediaNode) => node.edge_media_to_tagged_user.edges.map((e) => e.node.user.username);

describe(`summaries after every write that changes them (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('a like and an unlike move the count at once, in the feed and on the post', async () => {
    const { owner, fan, media } = await followedPost(t.app, 'like me');
    expect((await cardOf(fan.agent, media.id))!.edge_media_preview_like.count).toBe(0);
    await fan.agent.post(`/web/likes/${media.id}/like/`);
    expect((await cardOf(fan.agent, media.id))!.edge_media_preview_like.count).toBe(1);
    expect((await seen(owner.agent, media.shortcode)).edge_media_preview_like.count).toBe(1);
    await fan.agent.post(`/web/likes/${media.id}/unlike/`);
    expect((await cardOf(fan.agent, media.id))!.edge_media_preview_like.count).toBe(0);
    expect((await seen(owner.agent, media.shortcode)).edge_media_preview_like.count).toBe(0);
  });

  it('a comment and its deletion move the count at once', async () => {
    const { owner, fan, media } = await followedPost(t.app, 'say something');
    expect((await cardOf(fan.agent, media.id))!.edge_media_to_parent_comment.count).toBe(0);
    const comment = (await fan.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'nice one' })).body.comment;
    const card = (await cardOf(fan.agent, media.id))!;
    expect(card.edge_media_to_parent_comment.count).toBe(1);
    expect(card.edge_media_to_parent_comment.edges.map((e) => e.node.text)).toEqual(['nice one']);
    await owner.agent.post(`/web/comments/${media.id}/delete/${comment.id}/`);
    expect((await cardOf(fan.agent, media.id))!.edge_media_to_parent_comment.count).toBe(0);
    expect((await seen(fan.agent, media.shortcode)).edge_media_to_parent_comment.count).toBe(0);
  });

  it('an edit of the caption, the place and the alt text shows at once', async () => {
    const { owner, fan, media } = await followedPost(t.app, 'before', { location: 'Lisbon' });
    expect((await cardOf(fan.agent, media.id))!.edge_media_to_caption.edges[0]!.node.text).toBe('before');
    const res = await owner.agent.post(`/media/${media.id}/edit/`, { caption: 'after', location: 'Porto', custom_accessibility_caption: 'a quiet street' });
    expect(res.status).toBe(200);
    const card = (await cardOf(fan.agent, media.id))!;
    expect(card.edge_media_to_caption.edges[0]!.node.text).toBe('after');
    expect(card.location).toMatchObject({ name: 'Porto' });
    expect(card.accessibility_caption).toBe('a quiet street');
  });

  it('a rename and a new profile picture show at once on posts, as their owner and as a tagged person', async () => {
    const owner = await signedUpAgent(t.app);
    const friend = await signedUpAgent(t.app);
    const fan = await signedUpAgent(t.app);
    await follow(fan, owner);
    const media = await postPhoto(owner.agent, 'with a friend', { usertags: JSON.stringify([{ user_id: friend.user.id, position: [0.5, 0.5] }]) });
    await friend.agent.post(`/web/usertags/${media.id}/approve/`);
    const before = (await cardOf(fan.agent, media.id))!;
    expect(before.owner.username).toBe(owner.user.username);
    expect(tagsOf(before)).toEqual([friend.user.username]);

    const ownerName = `${owner.user.username}_r`.slice(0, 30);
    const friendName = `${friend.user.username}_r`.slice(0, 30);
    await rename(owner, ownerName, 'Owner Renamed');
    await rename(friend, friendName);
    const after = (await cardOf(fan.agent, media.id))!;
    expect(after.owner).toMatchObject({ username: ownerName, full_name: 'Owner Renamed' });
    expect(tagsOf(after)).toEqual([friendName]);

    const picture = multipart({}, { field: 'profile_pic', name: 'me.jpg', type: 'image/jpeg', data: await makeJpeg(400, 400) });
    const changed = await owner.agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: picture.payload, contentType: picture.contentType });
    expect(changed.status).toBe(200);
    expect((await cardOf(fan.agent, media.id))!.owner.profile_pic_url).toBe(changed.body.profile_pic_url);
    expect((await owner.agent.post('/accounts/web_remove_profile_picture/')).status).toBe(200);
    expect((await cardOf(fan.agent, media.id))!.owner.profile_pic_url).not.toBe(changed.body.profile_pic_url);
  });

  it('a pending tag shows to its person and the owner only; approved, to everyone; removed, to no one', async () => {
    const owner = await signedUpAgent(t.app);
    const tagged = await signedUpAgent(t.app);
    const stranger = await signedUpAgent(t.app);
    const media = await postPhoto(owner.agent, 'tagging', { usertags: JSON.stringify([{ user_id: tagged.user.id, position: [0.2, 0.2] }]) });
    expect(tagsOf(await seen(stranger.agent, media.shortcode))).toEqual([]);
    expect(tagsOf(await seen(tagged.agent, media.shortcode))).toEqual([tagged.user.username]);
    expect(tagsOf(await seen(owner.agent, media.shortcode))).toEqual([tagged.user.username]);
    expect((await tagged.agent.post(`/web/usertags/${media.id}/approve/`)).status).toBe(200);
    expect(tagsOf(await seen(stranger.agent, media.shortcode))).toEqual([tagged.user.username]);
    expect((await tagged.agent.post(`/web/usertags/${media.id}/remove/`)).status).toBe(200);
    expect(tagsOf(await seen(stranger.agent, media.shortcode))).toEqual([]);
    expect(tagsOf(await seen(owner.agent, media.shortcode))).toEqual([]);
  });

  it('going private hides the posts from strangers at once; followers see the account marked private', async () => {
    const { owner, fan, media } = await followedPost(t.app, 'soon private');
    const stranger = await signedUpAgent(t.app);
    expect((await pageOf(stranger.agent, media.shortcode)).status).toBe(200);
    expect((await cardOf(fan.agent, media.id))!.owner.is_private).toBe(false);
    expect((await owner.agent.post('/accounts/set_private/')).status).toBe(200);
    expect((await pageOf(stranger.agent, media.shortcode)).status).toBe(404);
    expect((await pageOf(new Agent(t.app), media.shortcode)).status).toBe(404);
    expect((await cardOf(fan.agent, media.id))!.owner.is_private).toBe(true);
    await owner.agent.post('/accounts/set_public/');
    expect((await seen(stranger.agent, media.shortcode)).owner.is_private).toBe(false);
  });

  it('a deleted post is gone at once, from its page and the feed', async () => {
    const { owner, fan, media } = await followedPost(t.app, 'short-lived');
    expect(await cardOf(fan.agent, media.id)).toBeDefined();
    expect((await owner.agent.post(`/create/${media.id}/delete/`)).status).toBe(200);
    expect(await cardOf(fan.agent, media.id)).toBeUndefined();
    expect((await pageOf(fan.agent, media.shortcode)).status).toBe(404);
  });
});

describe(`summaries while Redis is down (${databaseKind})`, () => {
  let t: TestApp;
  // Nothing listens on port 1: every Redis command fails, as in an outage.
  beforeAll(async () => { t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' }); });
  afterAll(async () => { await t.close(); });

  it('answers from the database, with every change at once', async () => {
    const { owner, fan, media } = await followedPost(t.app, 'no redis');
    expect((await cardOf(fan.agent, media.id))!.edge_media_preview_like.count).toBe(0);
    expect((await fan.agent.post(`/web/likes/${media.id}/like/`)).status).toBe(200);
    expect((await cardOf(fan.agent, media.id))!.edge_media_preview_like.count).toBe(1);
    expect((await seen(owner.agent, media.shortcode)).edge_media_preview_like.count).toBe(1);
  });
});
