import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKE_LIMIT } from '../src/features/posts/routes.js';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = queryUrl;
const person = () => signedUpAgent(t.app);
const pageOf = async (agent: Agent, shortcode: string) => agent.get(`/p/${shortcode}/?__a=1`);

describe(`likes and saves (${databaseKind})`, () => {
  it('liking twice counts once; unliking takes it back; liked-by lists the likers newest first', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'like me');
    const fans = [await person(), await person(), await person()];
    for (const f of fans) {
      expect((await f.agent.post(`/web/likes/${media.id}/like/`)).body).toEqual({ status: 'ok' });
      await f.agent.post(`/web/likes/${media.id}/like/`);
    }
    expect((await pageOf(owner.agent, media.shortcode)).body.graphql.shortcode_media.edge_media_preview_like.count).toBe(3);
    await fans[0]!.agent.post(`/web/likes/${media.id}/unlike/`);
    await fans[0]!.agent.post(`/web/likes/${media.id}/unlike/`);
    const list = await owner.agent.get(q('liked_by', { shortcode: media.shortcode, first: 1 }));
    expect(list.status).toBe(200);
    const edge = list.body.data.shortcode_media.edge_liked_by;
    expect(edge.count).toBe(2);
    expect(edge.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([fans[2]!.user.id]);
    const next = await owner.agent.get(q('liked_by', { shortcode: media.shortcode, first: 1, after: edge.page_info.end_cursor }));
    expect(next.body.data.shortcode_media.edge_liked_by.edges[0].node.id).toBe(fans[1]!.user.id);
    expect(next.body.data.shortcode_media.edge_liked_by.page_info.has_next_page).toBe(false);
  });

  it('saves and unsaves, and the post says whether the viewer saved it', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const viewer = await person();
    await viewer.agent.post(`/web/save/${media.id}/save/`);
    expect((await pageOf(viewer.agent, media.shortcode)).body.graphql.shortcode_media.viewer_has_saved).toBe(true);
    expect((await pageOf(owner.agent, media.shortcode)).body.graphql.shortcode_media.viewer_has_saved).toBe(false);
    await viewer.agent.post(`/web/save/${media.id}/unsave/`);
    expect((await pageOf(viewer.agent, media.shortcode)).body.graphql.shortcode_media.viewer_has_saved).toBe(false);
  });

  it('R-002-post-actions-6: a like refused as spam answers the feedback title, message and link', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const eager = await person();
    for (let i = 0; i < LIKE_LIMIT.max; i++) {
      const res = await eager.agent.post(`/web/likes/${media.id}/like/`);
      expect(res.status).toBe(200);
    }
    const refused = await eager.agent.post(`/web/likes/${media.id}/like/`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'fail', spam: true, feedback_title: expect.any(String), feedback_message: expect.any(String), feedback_url: expect.stringMatching(/^\//) });
  });

  it('a logged-out visitor cannot like (401) but can read a public post', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const anon = new Agent(t.app);
    expect((await anon.post(`/web/likes/${media.id}/like/`)).status).toBe(401);
    expect((await pageOf(anon, media.shortcode)).status).toBe(200);
  });
});

describe(`private accounts, from the side of who may not (${databaseKind})`, () => {
  it('a non-follower can neither see, like, save, comment on nor list the likes of a private post', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'only for friends');
    await makePrivate(t.db, owner.user.id);
    const stranger = await person();
    expect((await pageOf(stranger.agent, media.shortcode)).status).toBe(404);
    expect((await pageOf(new Agent(t.app), media.shortcode)).status).toBe(404);
    for (const path of [`/web/likes/${media.id}/like/`, `/web/save/${media.id}/save/`]) {
      expect((await stranger.agent.post(path)).status, path).toBe(404);
    }
    expect((await stranger.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'hi' })).status).toBe(404);
    expect((await stranger.agent.get(q('liked_by', { shortcode: media.shortcode }))).status).toBe(404);
    expect((await stranger.agent.get(q('parent_comments', { shortcode: media.shortcode }))).status).toBe(404);
    expect((await stranger.agent.get(q('profile_posts', { id: owner.user.id }))).status).toBe(403);
    const likes = await t.db.selectFrom('likes').select('user_id').where('media_id', '=', media.id).execute();
    expect(likes).toEqual([]);
    // a follower may
    const friend = await person();
    await follow(t.db, friend.user.id, owner.user.id);
    expect((await pageOf(friend.agent, media.shortcode)).status).toBe(200);
    expect((await friend.agent.post(`/web/likes/${media.id}/like/`)).status).toBe(200);
    expect((await friend.agent.get(q('profile_posts', { id: owner.user.id }))).body.data.user.edge_owner_to_timeline_media.count).toBe(1);
  });
});

describe(`deleting posts (${databaseKind})`, () => {
  it('R-002-post-actions-5 R-001-profile-1: only the owner deletes; the post leaves every list and its files go', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'short-lived');
    const follower = await person();
    await follow(t.db, follower.user.id, owner.user.id);
    await follower.agent.post(`/web/likes/${media.id}/like/`);
    await follower.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'nice' });
    await follower.agent.post(`/web/save/${media.id}/save/`);
    expect((await follower.agent.get(q('saved_posts', {}))).body.data.user.edge_saved_media.edges).toHaveLength(1);
    const refused = await follower.agent.post(`/create/${media.id}/delete/`);
    expect(refused.status).toBe(403);
    expect((await pageOf(follower.agent, media.shortcode)).status).toBe(200);
    const res = await owner.agent.post(`/create/${media.id}/delete/`);
    expect(res.body).toEqual({ did_delete: true, status: 'ok' });
    expect((await pageOf(owner.agent, media.shortcode)).status).toBe(404);
    const feed = await follower.agent.get(q('feed', {}));
    expect(feed.body.data.user.edge_web_feed_timeline.edges).toEqual([]);
    const grid = await owner.agent.get(q('profile_posts', { id: owner.user.id }));
    expect(grid.body.data.user.edge_owner_to_timeline_media.count).toBe(0);
    expect((await follower.agent.get(q('saved_posts', {}))).body.data.user.edge_saved_media.edges).toEqual([]);
    for (const r of media.display_resources) expect((await t.app.inject({ method: 'GET', url: r.src })).statusCode).toBe(404);
    expect(await t.db.selectFrom('comments').select('id').where('media_id', '=', media.id).execute()).toEqual([]);
    expect((await owner.agent.post(`/create/${media.id}/delete/`)).status).toBe(404);
  });
});

describe(`comments (${databaseKind})`, () => {
  it('adds comments and replies; a reply to a reply joins the thread; counts follow', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const a = await person();
    const parent = (await a.agent.post(`/web/comments/${media.id}/add/`, { comment_text: '  First!  ' })).body.comment;
    expect(parent).toMatchObject({ text: 'First!', owner: { id: a.user.id }, viewer_can_delete: true, edge_liked_by: { count: 0 } });
    const reply = (await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `@${a.user.username} thanks`, replied_to_comment_id: parent.id })).body.comment;
    const replyToReply = (await a.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'welcome', replied_to_comment_id: reply.id })).body.comment;
    const page = (await pageOf(a.agent, media.shortcode)).body.graphql.shortcode_media;
    expect(page.edge_media_to_parent_comment.count).toBe(3);
    const thread = page.edge_media_to_parent_comment.edges[0].node;
    expect(thread.edge_threaded_comments.count).toBe(2);
    expect(thread.edge_threaded_comments.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([reply.id, replyToReply.id]);
  });

  it('refuses empty or over-long comments, and replies to comments of another post', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const other = await postPhoto(owner.agent);
    const c = (await owner.agent.post(`/web/comments/${other.id}/add/`, { comment_text: 'elsewhere' })).body.comment;
    expect((await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: '   ' })).status).toBe(400);
    expect((await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'x'.repeat(2201) })).status).toBe(400);
    expect((await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'hi', replied_to_comment_id: c.id })).status).toBe(400);
  });

  it('pages parent comments 24 at a time (oldest first) and replies on demand', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const ids: string[] = [];
    for (let i = 0; i < 26; i++) ids.push((await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `c${i}` })).body.comment.id);
    for (let i = 0; i < 5; i++) await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `r${i}`, replied_to_comment_id: ids[0]! });
    const page = (await pageOf(owner.agent, media.shortcode)).body.graphql.shortcode_media.edge_media_to_parent_comment;
    expect(page.edges).toHaveLength(24);
    expect(page.page_info.has_next_page).toBe(true);
    expect(page.edges[0].node.edge_threaded_comments.edges).toHaveLength(3);
    const rest = await owner.agent.get(q('parent_comments', { shortcode: media.shortcode, first: 24, after: page.page_info.end_cursor }));
    expect(rest.body.data.shortcode_media.edge_media_to_parent_comment.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(24));
    const more = await owner.agent.get(q('child_comments', { comment_id: ids[0], first: 3, after: page.edges[0].node.edge_threaded_comments.page_info.end_cursor }));
    expect(more.body.data.comment.edge_threaded_comments.edges.map((e: { node: { text: string } }) => e.node.text)).toEqual(['r3', 'r4']);
  });

  it('R-000-comment-likes-1 R-000-comment-likes-2: comment likes count once, undo, and list the likers', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const c = (await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'like this comment' })).body.comment;
    const fan = await person();
    await fan.agent.post(`/web/comments/like/${c.id}/`);
    await fan.agent.post(`/web/comments/like/${c.id}/`);
    const list = await owner.agent.get(q('comment_likes', { comment_id: c.id }));
    expect(list.body.data.comment.edge_liked_by.count).toBe(1);
    expect(list.body.data.comment.edge_liked_by.edges[0].node.id).toBe(fan.user.id);
    const seen = (await pageOf(fan.agent, media.shortcode)).body.graphql.shortcode_media.edge_media_to_parent_comment.edges[0].node;
    expect(seen.viewer_has_liked).toBe(true);
    await fan.agent.post(`/web/comments/unlike/${c.id}/`);
    expect((await owner.agent.get(q('comment_likes', { comment_id: c.id }))).body.data.comment.edge_liked_by.count).toBe(0);
  });

  it("authors delete their comments, owners any comment on their post, nobody else", async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent);
    const author = await person();
    const stranger = await person();
    const c1 = (await author.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'one' })).body.comment;
    const c2 = (await author.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'two' })).body.comment;
    await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'reply', replied_to_comment_id: c2.id });
    expect((await stranger.agent.post(`/web/comments/${media.id}/delete/${c1.id}/`)).status).toBe(403);
    expect((await author.agent.post(`/web/comments/${media.id}/delete/${c1.id}/`)).status).toBe(200);
    expect((await owner.agent.post(`/web/comments/${media.id}/delete/${c2.id}/`)).status).toBe(200);
    const page = (await pageOf(owner.agent, media.shortcode)).body.graphql.shortcode_media;
    expect(page.edge_media_to_parent_comment.count).toBe(0);
    expect(page.edge_media_to_parent_comment.edges).toEqual([]);
  });
});

describe(`post page data (${databaseKind})`, () => {
  it('R-000-routes-18: /p/{shortcode}/ answers the post page with its title and image tags', async () => {
    const owner = await person();
    const media = await postPhoto(owner.agent, 'A day at the lake #summer');
    const html = await new Agent(t.app).get(`/p/${media.shortcode}/`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('A day at the lake #summer');
    expect(html.text).toContain(`property="og:image" content="${media.display_url}"`);
    expect((await new Agent(t.app).get('/p/AAAAAAAAAAAA/')).status).toBe(404);
    expect((await new Agent(t.app).get('/p/no$such/?__a=1')).status).toBe(404);
  });
});
