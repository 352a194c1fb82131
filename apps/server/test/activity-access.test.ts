import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent, queryUrl } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);

type Edge = { node: { type: string; text: string | null; media: { id: string; shortcode: string; thumbnail_src: string | null } | null } };
const activityOf = async (agent: Agent) => {
  const res = await agent.get('/accounts/activity/?__a=1');
  return { text: res.text, edges: res.body.graphql.user.activity_feed.edge_web_activity_feed.edges as Edge[] };
};
const commentCount = async (agent: Agent) => (await agent.get(queryUrl('activity_counts'))).body.data.user.activity_counts.comments as number;

describe(`activity passes the access rules (${databaseKind})`, () => {
  it("a mention on a private account's post shows nothing of it to someone who may not see it", async () => {
    const owner = await person();
    const friend = await person();
    const stranger = await person();
    await makePrivate(t.db, owner.user.id);
    await follow(t.db, friend.user.id, owner.user.id);
    const media = await postPhoto(owner.agent, 'only for friends');
    const said = await friend.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `secret plans @${stranger.user.username}` });
    expect(said.status).toBe(200);

    const seen = await activityOf(stranger.agent);
    expect(seen.edges).toEqual([]);
    expect(seen.text).not.toContain(media.shortcode);
    expect(seen.text).not.toContain('secret plans');
    expect(await commentCount(stranger.agent)).toBe(0);

    // Once the owner lets them follow, the mention is theirs to see.
    await follow(t.db, stranger.user.id, owner.user.id);
    const after = await activityOf(stranger.agent);
    expect(after.edges.map((e) => [e.node.type, e.node.media?.shortcode])).toEqual([['mention', media.shortcode]]);
    expect(await commentCount(stranger.agent)).toBe(1);
  });

  it('a mention on a public post still reaches the one mentioned, with its thumbnail', async () => {
    const owner = await person();
    const commenter = await person();
    const mentioned = await person();
    const media = await postPhoto(owner.agent, 'for everyone');
    await commenter.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `look @${mentioned.user.username}` });
    const seen = await activityOf(mentioned.agent);
    expect(seen.edges).toHaveLength(1);
    expect(seen.edges[0]!.node.media).toMatchObject({ id: media.id, shortcode: media.shortcode });
    expect(seen.edges[0]!.node.media!.thumbnail_src).toBeTruthy();
  });

  it("a post's owner who blocks someone takes the post out of that person's activity", async () => {
    const owner = await person();
    const commenter = await person();
    const mentioned = await person();
    const media = await postPhoto(owner.agent, 'public, for now');
    await commenter.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `hey @${mentioned.user.username}` });
    expect((await activityOf(mentioned.agent)).edges).toHaveLength(1);
    expect((await owner.agent.post(`/web/friendships/${mentioned.user.id}/block/`)).status).toBe(200);
    expect((await activityOf(mentioned.agent)).edges).toEqual([]);
  });
});
