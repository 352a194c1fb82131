import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_FILTER_SET_PATH, PRIVACY_SET_PATH } from '@shutter/contract';
import { createAccess } from '../src/features/access/service.js';
import { createAccessRepository } from '../src/features/access/repository.js';
import { createBroadcastRepository } from '../src/features/direct/broadcast.repository.js';
import { createPresence } from '../src/features/direct/presence.js';
import type { Direct } from '../src/features/direct/service.js';
import { createInteractionRules } from '../src/features/settings/rules.js';
import { createSettingsRepository } from '../src/features/settings/repository.js';
import { Agent, queryUrl, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { insertStory } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let direct: Direct;
beforeAll(async () => {
  t = await createTestApp({ env: { COMMENT_FILTER_WORDS: 'grumpkin, sour grapes' } });
  ({ direct } = directOver(t));
});
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
const setPrivacy = async (p: Person, body: Record<string, string>) => {
  const res = await p.agent.post(PRIVACY_SET_PATH, body);
  expect(res.status, res.text).toBe(200);
};
const comment = (p: Person, mediaId: string, text: string) => p.agent.post(`/web/comments/${mediaId}/add/`, { comment_text: text });
const configure = async (p: Person, fields: Record<string, string>) => {
  const up = await uploadPhoto(p.agent);
  return p.agent.post('/create/configure/', { upload_id: up.uploadId, ...fields });
};

describe(`mentions and tags follow the mentioned person's setting (${databaseKind})`, () => {
  it('a comment or caption mentioning someone who allows no mentions is refused with 400 naming them, and nothing is written', async () => {
    const [ana, ben, cat] = [await person(), await person(), await person()];
    await setPrivacy(ben, { mentions_from: 'none' });
    const post = await postPhoto(ana.agent, 'hello');
    const refused = await comment(cat, post.id, `look @${ben.user.username} and @${ana.user.username}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`@${ben.user.username.toLowerCase()} doesn't allow mentions from you. Remove the mention to post.`);
    expect(refused.body.error_type).toBe('mention_not_allowed');
    expect(await t.db.selectFrom('comments').select('id').where('media_id', '=', post.id).execute()).toHaveLength(0);
    const caption = await configure(cat, { caption: `with @${ben.user.username}` });
    expect(caption.status).toBe(400);
    expect(caption.body.message).toMatch(ben.user.username.toLowerCase());
    // Mentioning oneself, or someone who allows it, goes through.
    expect((await comment(ben, post.id, `me @${ben.user.username}`)).status).toBe(200);
    expect((await comment(cat, post.id, `hi @${ana.user.username}`)).status).toBe(200);
  });

  it('"following": only people the mentioned person follows may mention them; editing a caption is held to the same', async () => {
    const [ana, friend, stranger] = [await person(), await person(), await person()];
    await setPrivacy(ana, { mentions_from: 'following' });
    await follow(t.db, ana.user.id, friend.user.id);
    // The friend following ana is not enough: ana must follow them.
    await follow(t.db, stranger.user.id, ana.user.id);
    expect((await configure(friend, { caption: `hey @${ana.user.username}` })).status).toBe(200);
    expect((await configure(stranger, { caption: `hey @${ana.user.username}` })).status).toBe(400);
    const own = await postPhoto(stranger.agent, 'plain');
    const edit = await stranger.agent.post(`/media/${own.id}/edit/`, { caption: `now @${ana.user.username}` });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toMatch(/allow mentions/);
  });

  it('tagging a person in a photo follows their usertags setting: none refuses everyone, following refuses strangers', async () => {
    const [ana, ben, friend, stranger] = [await person(), await person(), await person(), await person()];
    await setPrivacy(ana, { usertags_from: 'none' });
    await setPrivacy(ben, { usertags_from: 'following' });
    await follow(t.db, ben.user.id, friend.user.id);
    const tags = (...ids: string[]) => JSON.stringify(ids.map((user_id) => ({ user_id, position: [0.5, 0.5] })));
    const none = await configure(friend, { usertags: tags(ana.user.id) });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(`@${ana.user.username} doesn't allow tags from you. Remove the tag to post.`);
    const strangers = await configure(stranger, { usertags: tags(ben.user.id, ana.user.id) });
    expect(strangers.status).toBe(400);
    expect(strangers.body.usernames.sort()).toEqual([ana.user.username, ben.user.username].sort());
    expect((await configure(friend, { usertags: tags(ben.user.id) })).status).toBe(200);
    expect((await configure(ana, { usertags: tags(ana.user.id) })).status).toBe(200);
  });
});

describe(`story sharing (${databaseKind})`, () => {
  it('others cannot share the story of a person who turned story sharing off; replies still reach them', async () => {
    const [ana, ben, cat] = [await person(), await person(), await person()];
    const story = (await insertStory(t, ana.user.id)).id;
    const { threadId } = await direct.createThread(ben.user.id, [cat.user.id]);
    const share = () => ben.agent.post('/direct_v2/web/threads/broadcast/story_share/', { reel_id: ana.user.id, story_media_id: story, thread_id: threadId, action: 'send_item', client_context: `c${Date.now()}${Math.random()}` });
    expect((await share()).status).toBe(200);
    await setPrivacy(ana, { story_sharing: 'false' });
    const refused = await share();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/doesn't allow its stories to be shared/);
    const reply = await ben.agent.post('/direct_v2/web/threads/broadcast/reel_share/', { reel_id: ana.user.id, media_id: story, text: 'nice', action: 'send_item', client_context: `r${Date.now()}` });
    expect(reply.status, reply.text).toBe(200);
  });
});

describe(`activity status (${databaseKind})`, () => {
  it('a person who hides their activity status is not shown to others, and sees nobody\'s', async () => {
    const [ana, ben] = [await person(), await person()];
    const { threadId } = await direct.createThread(ana.user.id, [ben.user.id]);
    await direct.deliver(ben.user.id, threadId, { type: 'text', text: 'hi' }, null);
    const rules = createInteractionRules({
      repo: createSettingsRepository(t.db), followersAmong: async () => new Set(), usersByUsernames: async () => [], usernames: async () => new Map(), offensiveWords: [],
    });
    const presence = createPresence({ repo: createBroadcastRepository(t.db), access: createAccess(createAccessRepository(t.db)), hidden: rules.presenceHidden, onError: (err) => { throw err; } });
    await t.db.insertInto('direct_presence').values([{ user_id: ana.user.id, active_at: new Date() }, { user_id: ben.user.id, active_at: new Date() }]).execute();
    const seen = async (p: Person) => (await p.agent.get('/direct_v2/web/get_presence/')).body.user_presence as Record<string, unknown>;
    const before = { ana: await seen(ana), ben: await seen(ben) };
    expect(Object.keys(before.ana)).toEqual([ben.user.id]);
    expect(Object.keys(before.ben)).toEqual([ana.user.id]);
    await setPrivacy(ana, { presence_disabled: 'true' });
    expect(await seen(ben)).toEqual({});
    expect(await seen(ana)).toEqual({});
    expect(await presence.of(ana.user.id)).toEqual({});
    expect(Object.keys(await presence.of(ben.user.id))).toEqual([]);
  });
});

describe(`comment filter (${databaseKind})`, () => {
  const listed = async (agent: Agent, shortcode: string) => {
    const res = await agent.get(queryUrl('parent_comments', { shortcode, first: 20 }));
    expect(res.status, res.text).toBe(200);
    return (res.body.data.shortcode_media.edge_media_to_parent_comment.edges as { node: { text: string } }[]).map((e) => e.node.text);
  };
  const onPostPage = async (agent: Agent, shortcode: string) => {
    const res = await agent.get(`/p/${shortcode}/?__a=1`);
    return (res.body.graphql.shortcode_media.edge_media_to_parent_comment.edges as { node: { text: string } }[]).map((e) => e.node.text);
  };

  it('R-001-settings-10: with the filter on, comments with an offensive word or the owner\'s keyword show only to their author', async () => {
    const [owner, rude, reader] = [await person(), await person(), await person()];
    const post = await postPhoto(owner.agent, 'my photo');
    for (const text of ['you idiot', 'Spoiler: he dies', 'such a GRUMPKIN', 'nice light', 'classy shot', 'idiotic? no']) {
      expect((await comment(rude, post.id, text)).status).toBe(200);
    }
    expect((await comment(owner, post.id, 'my own idiot joke')).status).toBe(200);
    const all = ['you idiot', 'Spoiler: he dies', 'such a GRUMPKIN', 'nice light', 'classy shot', 'idiotic? no', 'my own idiot joke'];
    expect(await listed(reader.agent, post.shortcode)).toEqual(all);

    await owner.agent.post(COMMENT_FILTER_SET_PATH, { config_value: '1', keywords: 'spoiler' });
    const shown = ['nice light', 'classy shot', 'idiotic? no', 'my own idiot joke'];
    expect(await listed(reader.agent, post.shortcode)).toEqual(shown);
    expect(await listed(owner.agent, post.shortcode)).toEqual(shown);
    expect(await listed(new Agent(t.app), post.shortcode)).toEqual(shown);
    expect(await onPostPage(reader.agent, post.shortcode)).toEqual(shown);
    // Its author still sees what they wrote.
    expect(await listed(rude.agent, post.shortcode)).toEqual(all);

    await owner.agent.post(COMMENT_FILTER_SET_PATH, { config_value: '0' });
    expect(await listed(reader.agent, post.shortcode)).toEqual(all);
  });

  it('hides filtered replies too, under their parent and in the thread', async () => {
    const [owner, rude, reader] = [await person(), await person(), await person()];
    const post = await postPhoto(owner.agent, 'photo');
    const parent = (await comment(reader, post.id, 'lovely')).body.comment.id;
    await rude.agent.post(`/web/comments/${post.id}/add/`, { comment_text: 'sour grapes, loser', replied_to_comment_id: parent });
    await rude.agent.post(`/web/comments/${post.id}/add/`, { comment_text: 'agreed', replied_to_comment_id: parent });
    await owner.agent.post(COMMENT_FILTER_SET_PATH, { config_value: '1' });
    const res = await reader.agent.get(queryUrl('child_comments', { comment_id: parent, first: 10 }));
    expect(res.body.data.comment.edge_threaded_comments.edges.map((e: { node: { text: string } }) => e.node.text)).toEqual(['agreed']);
    const threaded = (await reader.agent.get(queryUrl('parent_comments', { shortcode: post.shortcode, first: 5 }))).body.data.shortcode_media.edge_media_to_parent_comment.edges[0].node.edge_threaded_comments.edges;
    expect(threaded.map((e: { node: { text: string } }) => e.node.text)).toEqual(['agreed']);
  });
});
