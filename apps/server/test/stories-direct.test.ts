import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { addCloseFriend, insertStory } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const BROADCAST = '/direct_v2/web/threads/broadcast';
let t: TestApp;
let tokens = 0;
const token = () => `${Date.now()}${(tokens += 1)}`;

beforeAll(async () => { t = await createTestApp(); }, 60_000);
afterAll(async () => { await t.close(); });

type StoryRef = { reel_id: string; media_id: string; display_url: string | null; owner: { id: string } | null };
/** The story a thread's item shows, as this reader reads the thread. */
async function refOf(agent: Agent, threadId: string, itemId: string): Promise<StoryRef> {
  const res = await agent.get(`/direct_v2/web/threads/${threadId}/`);
  expect(res.status, res.text).toBe(200);
  const item = res.body.thread.items.find((i: { item_id: string }) => i.item_id === itemId);
  return item.reel_share ?? item.story_share;
}

describe(`stories in direct messages (${databaseKind})`, () => {
  it('a reply shows the story to both while it lives; once it expired, "story unavailable" to the one who replied, still there for its owner', async () => {
    const [owner, replier] = [await signedUpAgent(t.app), await signedUpAgent(t.app)];
    const story = await insertStory(t, owner.user.id);
    const sent = await replier.agent.post(`${BROADCAST}/reel_share/`, { reel_id: owner.user.id, media_id: story.id, text: 'love it', action: 'send_item', client_context: token() });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.item.reel_share.display_url).toMatch(/\/media\//);
    const thread = sent.body.thread_id;
    const itemId = sent.body.item.item_id;
    for (const reader of [owner, replier]) {
      const ref = await refOf(reader.agent, thread, itemId);
      expect(ref.display_url).toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url: ref.display_url! })).statusCode).toBe(200);
    }
    await t.db.updateTable('stories').set({ expiring_at: new Date(Date.now() - 1000) }).where('id', '=', story.id).execute();
    expect((await refOf(replier.agent, thread, itemId)).display_url).toBeNull();
    expect((await refOf(owner.agent, thread, itemId)).display_url).toBeTruthy();
  });

  it('a close friends\' story shared to someone who is not one shows as unavailable to them', async () => {
    const [owner, friend, other] = [await signedUpAgent(t.app), await signedUpAgent(t.app), await signedUpAgent(t.app)];
    await addCloseFriend(t.db, owner.user.id, friend.user.id);
    const besties = await insertStory(t, owner.user.id, { audience: 'besties' });
    // The close friend shares it into a thread with someone who is not one.
    const open = await friend.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([other.user.id]) });
    const threadId = open.body.thread_id ?? open.body.thread?.thread_id;
    expect(threadId, open.text).toBeTruthy();
    const shared = await friend.agent.post(`${BROADCAST}/story_share/`, { reel_id: owner.user.id, story_media_id: besties.id, thread_id: threadId, action: 'send_item', client_context: token() });
    expect(shared.status, shared.text).toBe(200);
    expect((await refOf(friend.agent, threadId, shared.body.item.item_id)).display_url).toBeTruthy();
    expect((await refOf(other.agent, threadId, shared.body.item.item_id)).display_url).toBeNull();
  });

  it('a reply naming someone else\'s story under a reel is refused, and nothing is sent', async () => {
    const [owner, replier, third] = [await signedUpAgent(t.app), await signedUpAgent(t.app), await signedUpAgent(t.app)];
    const story = await insertStory(t, third.user.id);
    const sent = await replier.agent.post(`${BROADCAST}/reel_share/`, { reel_id: owner.user.id, media_id: story.id, text: 'hm', action: 'send_item', client_context: token() });
    expect(sent.status, sent.text).toBe(404);
    expect(sent.body.code).toBe('story_not_found');
    expect(await t.db.selectFrom('direct_items').select('id').where('user_id', '=', replier.user.id).execute()).toEqual([]);
  });
});
