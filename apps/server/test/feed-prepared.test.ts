import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAgent } from './helpers/agent.js';
import { firstPage, idsOf, nodeOf, pageAfter } from './helpers/feed.js';
import { makeJpeg, multipart, postPhoto } from './helpers/media.js';
import { rename, type Person } from './helpers/summaries.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/**
 * The feed's first page is kept ready per viewer and served again without building it: each test
 * reads it (so it is prepared), makes one kind of write, and reads again to see that write.
 */
describe(`the prepared first page of the feed (${databaseKind})`, () => {
  let t: TestApp;
  const statements = { n: 0 };
  beforeAll(async () => { t = await createTestApp({ countQueries: statements }); });
  afterAll(async () => { await t.close(); });

  const person = () => signedUpAgent(t.app);
  const follow = (a: Person, b: Person) => a.agent.post(`/web/friendships/${b.user.id}/follow/`);

  /** An owner with one post, and a viewer who follows them and has read their feed since. */
  async function scene(caption = 'a post') {
    const owner = await person();
    const viewer = await person();
    await firstPage(viewer.agent);
    await follow(viewer, owner);
    const media = await postPhoto(owner.agent, caption);
    expect(idsOf(await firstPage(viewer.agent))).toEqual([media.id]);
    return { owner, viewer, media };
  }

  it('is served again with no statement: the access rules decide from the verdicts they remember', async () => {
    const { viewer } = await scene();
    const before = await firstPage(viewer.agent);
    statements.n = 0;
    const again = await firstPage(viewer.agent);
    expect(statements.n).toBe(0);
    expect(again).toEqual(before);
  });

  it('keeps the next pages too: served again with no statement, and fresh after a like and a delete', async () => {
    const { owner, viewer, media: oldest } = await scene('the oldest');
    const newer = [await postPhoto(owner.agent, 'second'), await postPhoto(owner.agent, 'third')];
    const first = await pageAfter(viewer.agent, 2, null);
    expect(idsOf(first.edges)).toEqual([newer[1]!.id, newer[0]!.id]);
    const next = await pageAfter(viewer.agent, 2, first.page_info.end_cursor);
    expect(idsOf(next.edges)).toEqual([oldest.id]);
    statements.n = 0;
    expect(await pageAfter(viewer.agent, 2, first.page_info.end_cursor)).toEqual(next);
    expect(statements.n).toBe(0);

    const other = await person();
    await follow(other, owner);
    expect((await other.agent.post(`/web/likes/${oldest.id}/like/`)).status).toBe(200);
    expect((await pageAfter(viewer.agent, 2, first.page_info.end_cursor)).edges[0]!.node.edge_media_preview_like.count).toBe(1);
    expect((await owner.agent.post(`/create/${oldest.id}/delete/`)).status).toBe(200);
    expect(idsOf((await pageAfter(viewer.agent, 2, first.page_info.end_cursor)).edges)).toEqual([]);
  });

  it('shows a like and an unlike: the count, and the viewer\'s own mark', async () => {
    const { viewer, media } = await scene();
    const other = await person();
    await other.agent.post(`/web/likes/${media.id}/like/`);
    expect((await nodeOf(viewer.agent, media.id))!.edge_media_preview_like.count).toBe(1);
    await viewer.agent.post(`/web/likes/${media.id}/like/`);
    let node = (await nodeOf(viewer.agent, media.id))!;
    expect([node.edge_media_preview_like.count, node.viewer_has_liked]).toEqual([2, true]);
    await viewer.agent.post(`/web/likes/${media.id}/unlike/`);
    node = (await nodeOf(viewer.agent, media.id))!;
    expect([node.edge_media_preview_like.count, node.viewer_has_liked]).toEqual([1, false]);
  });

  it('shows a save', async () => {
    const { viewer, media } = await scene();
    expect((await viewer.agent.post(`/web/save/${media.id}/save/`)).status).toBe(200);
    expect((await nodeOf(viewer.agent, media.id))!.viewer_has_saved).toBe(true);
  });

  it('shows someone else\'s comment', async () => {
    const { viewer, media } = await scene();
    const other = await person();
    expect((await other.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'lovely light' })).status).toBe(200);
    const node = (await nodeOf(viewer.agent, media.id))!;
    expect(node.edge_media_to_parent_comment.count).toBe(1);
    expect(node.edge_media_to_parent_comment.edges.map((e) => e.node.text)).toEqual(['lovely light']);
  });

  it('shows a caption edit', async () => {
    const { owner, viewer, media } = await scene('before');
    expect((await owner.agent.post(`/media/${media.id}/edit/`, { caption: 'after' })).status).toBe(200);
    expect((await nodeOf(viewer.agent, media.id))!.edge_media_to_caption.edges[0]!.node.text).toBe('after');
  });

  it('drops a deleted post', async () => {
    const { owner, viewer, media } = await scene();
    expect((await owner.agent.post(`/create/${media.id}/delete/`)).status).toBe(200);
    expect(idsOf(await firstPage(viewer.agent))).toEqual([]);
  });

  it('shows a new post of someone followed', async () => {
    const { owner, viewer, media } = await scene();
    const next = await postPhoto(owner.agent, 'the next one');
    expect(idsOf(await firstPage(viewer.agent))).toEqual([next.id, media.id]);
  });

  it('shows the posts of someone newly followed, and loses them on unfollow', async () => {
    const { viewer, media } = await scene();
    const other = await person();
    const theirs = await postPhoto(other.agent, 'theirs');
    await firstPage(viewer.agent);
    await follow(viewer, other);
    expect(idsOf(await firstPage(viewer.agent))).toEqual([theirs.id, media.id]);
    await viewer.agent.post(`/web/friendships/${other.user.id}/unfollow/`);
    expect(idsOf(await firstPage(viewer.agent))).toEqual([media.id]);
  });

  it('loses the posts of someone who blocks the viewer, and of someone the viewer blocks', async () => {
    const { owner, viewer } = await scene();
    expect((await owner.agent.post(`/web/friendships/${viewer.user.id}/block/`)).status).toBe(200);
    expect(idsOf(await firstPage(viewer.agent))).toEqual([]);

    const second = await scene();
    expect((await second.viewer.agent.post(`/web/friendships/${second.owner.user.id}/block/`)).status).toBe(200);
    expect(idsOf(await firstPage(second.viewer.agent))).toEqual([]);
  });

  it('loses a hashtag\'s post when its author goes private and the viewer does not follow them', async () => {
    const tag = `prep${randomBytes(4).toString('hex')}`;
    const author = await person();
    const viewer = await person();
    const media = await postPhoto(author.agent, `#${tag}`);
    expect((await viewer.agent.post(`/web/tags/follow/${tag}/`)).status).toBe(200);
    const edges = await firstPage(viewer.agent);
    expect(edges.map((e) => [e.node.id, e.followed_hashtag])).toEqual([[media.id, tag]]);
    expect((await author.agent.post('/accounts/set_private/')).status).toBe(200);
    expect(idsOf(await firstPage(viewer.agent))).toEqual([]);
  });

  it('shows the author\'s new name and new picture', async () => {
    const { owner, viewer, media } = await scene();
    const renamed = `${owner.user.username}_n`.slice(0, 30);
    await rename(owner, renamed, 'New Name');
    let node = (await nodeOf(viewer.agent, media.id))!;
    expect([node.owner.username, node.owner.full_name]).toEqual([renamed, 'New Name']);

    const before = node.owner.profile_pic_url;
    const body = multipart({}, { field: 'profile_pic', name: 'me.jpg', type: 'image/jpeg', data: await makeJpeg(400, 400) });
    const res = await owner.agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: body.payload, contentType: body.contentType });
    expect(res.status).toBe(200);
    node = (await nodeOf(viewer.agent, media.id))!;
    expect(node.owner.profile_pic_url).not.toBe(before);
  });

  it('shows a like on a previewed comment', async () => {
    const { owner, viewer, media } = await scene();
    const comment = (await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'first' })).body.comment as { id: string };
    expect((await nodeOf(viewer.agent, media.id))!.edge_media_to_parent_comment.edges[0]!.node.edge_liked_by.count).toBe(0);
    const other = await person();
    expect((await other.agent.post(`/web/comments/like/${comment.id}/`)).status).toBe(200);
    expect((await nodeOf(viewer.agent, media.id))!.edge_media_to_parent_comment.edges[0]!.node.edge_liked_by.count).toBe(1);
    expect((await other.agent.post(`/web/comments/unlike/${comment.id}/`)).status).toBe(200);
    expect((await nodeOf(viewer.agent, media.id))!.edge_media_to_parent_comment.edges[0]!.node.edge_liked_by.count).toBe(0);
  });
});
