import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, queryUrl as q, signUp } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { postPhoto } from './helpers/media.js';
import { addCloseFriend, insertStory, seenForm, type InsertedStory } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/**
 * The authorization matrix: every readable resource of an account, asked by every kind of
 * viewer, for a public and a private account. Each cell is one test; new areas add their rows to
 * RESOURCES (what they read) and to PRESENCE (lists where a person can show up).
 */

type Actor = 'owner' | 'follower' | 'stranger' | 'requester' | 'blocked' | 'blocker' | 'loggedOut';
type Privacy = 'public' | 'private';
/** What the access rules make of the account for this viewer. */
type View = 'visible' | 'private' | 'blocked' | 'absent';

const ACTORS: Actor[] = ['owner', 'follower', 'stranger', 'requester', 'blocked', 'blocker', 'loggedOut'];

function viewOf(actor: Actor, privacy: Privacy): View {
  if (actor === 'blocked') return 'absent'; // the owner blocked them: the account does not exist for them
  if (actor === 'blocker') return 'blocked'; // they blocked the owner: header only
  if (actor === 'owner' || actor === 'follower') return 'visible';
  return privacy === 'public' ? 'visible' : 'private';
}

interface World {
  owner: { id: string; username: string };
  /** The hashtag of the owner's post, which the owner follows too. */
  tag: string;
  media: { id: string; shortcode: string; location: { id: string } };
  commentId: string;
  /** A live story of the owner's, for everyone who may see their content. */
  story: InsertedStory;
  agents: Record<Actor, Agent>;
}

/** Account-level lists: 404 when absent, 403 when private or blocked by the viewer. */
const accountList = (view: View) => ({ visible: 200, private: 403, blocked: 403, absent: 404 })[view];
/** Post-level resources: the post is there for whoever may see it, and a 404 for anyone else. */
const postResource = (view: View) => (view === 'visible' ? 200 : 404);

interface Resource {
  name: string;
  request: (w: World, agent: Agent) => Promise<{ status: number; body: unknown }>;
  expected: (view: View, actor: Actor) => number;
}

type Reels = { id: string; items: { id: string }[] }[];
/** 200 when reels_media answers the owner's reel with the story, 404 when it leaves the reel out. */
async function storyInReels(w: World, agent: Agent) {
  const res = await agent.get(q('reels_media', { reel_ids: [w.owner.id] }));
  expect(res.status).toBe(200);
  const reel = (res.body.data.reels_media as Reels).find((r) => r.id === w.owner.id);
  return { status: reel?.items.some((i) => i.id === w.story.id) ? 200 : 404, body: res.body };
}

const RESOURCES: Resource[] = [
  {
    name: 'profile page data',
    request: (w, a) => a.get(`/${w.owner.username}/?__a=1`),
    expected: (view) => (view === 'absent' ? 404 : 200),
  },
  // The person always (a 404 for whom they do not exist); the accounts around them only to those who may see their lists.
  { name: 'profiles suggested around them', request: (w, a) => a.get(`/directory/suggested/${w.owner.username}/?__a=1`), expected: (view) => (view === 'absent' ? 404 : 200) },
  { name: 'profile_posts', request: (w, a) => a.get(q('profile_posts', { id: w.owner.id })), expected: accountList },
  { name: 'tagged_posts', request: (w, a) => a.get(q('tagged_posts', { id: w.owner.id })), expected: accountList },
  { name: 'followers', request: (w, a) => a.get(q('follow_list', { id: w.owner.id, type: 'followers' })), expected: accountList },
  { name: 'following', request: (w, a) => a.get(q('follow_list', { id: w.owner.id, type: 'following' })), expected: accountList },
  { name: 'post page data', request: (w, a) => a.get(`/p/${w.media.shortcode}/?__a=1`), expected: postResource },
  { name: 'liked_by', request: (w, a) => a.get(q('liked_by', { shortcode: w.media.shortcode })), expected: postResource },
  { name: 'parent_comments', request: (w, a) => a.get(q('parent_comments', { shortcode: w.media.shortcode })), expected: postResource },
  { name: 'child_comments', request: (w, a) => a.get(q('child_comments', { comment_id: w.commentId })), expected: postResource },
  { name: 'comment_likes', request: (w, a) => a.get(q('comment_likes', { comment_id: w.commentId })), expected: postResource },
  // A place's page is everyone's; the post on it only for whoever may see the post.
  { name: "the post on its place's page", request: (w, a) => postOnPlacePage(w, a), expected: postResource },
  { name: 'the post in location_media', request: (w, a) => postInLocationMedia(w, a), expected: postResource },
  {
    name: 'similar_accounts',
    request: (w, a) => a.get(q('similar_accounts', { id: w.owner.id })),
    // Chaining shows accounts, not posts: offered for private accounts too, never across a block.
    expected: (view, actor) => (actor === 'loggedOut' ? 401 : view === 'absent' || view === 'blocked' ? 404 : 200),
  },
  { name: 'hashtag_follow_list', request: (w, a) => a.get(q('hashtag_follow_list', { id: w.owner.id })), expected: accountList },
  { name: 'highlights', request: (w, a) => a.get(`/web/highlights/${w.owner.id}/`), expected: accountList },
  {
    // The page itself is public; the post is on it (200 here) only for those who may see it (404 here).
    name: "the post on its hashtag's page",
    request: async (w, a) => {
      const res = await a.get(`/explore/tags/${w.tag}/?__a=1`);
      const hashtag = (res.body as { graphql: { hashtag: { edge_hashtag_to_media: { edges: { node: { id: string } }[] }; edge_hashtag_to_top_posts: { edges: { node: { id: string } }[] } } } }).graphql.hashtag;
      const recent = hashtag.edge_hashtag_to_media.edges.some((e) => e.node.id === w.media.id);
      const top = hashtag.edge_hashtag_to_top_posts.edges.some((e) => e.node.id === w.media.id);
      expect(top).toBe(recent);
      return { status: res.status === 200 && recent ? 200 : 404, body: res.body };
    },
    expected: postResource,
  },
  {
    name: 'explore_media (the post offered to strangers)',
    // 200 when the account's post is in the viewer's explore, 404 when it is left out.
    request: async (w, a) => {
      const res = await a.get(q('explore_media', { first: 100 }));
      if (res.status !== 200) return res;
      const ids = (res.body.data.explore.edge_explore_media.edges as { node: { id: string } }[]).map((e) => e.node.id);
      return { status: ids.includes(w.media.id) ? 200 : 404, body: res.body };
    },
    // Only strangers' public posts: never one's own, a followed account's, a private one's or across a block.
    expected: (view, actor) => (actor === 'loggedOut' ? 401 : view === 'visible' && (actor === 'stranger' || actor === 'requester') ? 200 : 404),
  },
  // Stories follow their owner's content: a visitor sees a public account's public ones.
  { name: 'their reel in reels_media', request: storyInReels, expected: postResource },
  {
    name: 'their reel in the story tray',
    request: async (w, a) => {
      const res = await a.get(q('feed_tray', {}));
      if (res.status !== 200) return res;
      const ids = (res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges as { node: { id: string } }[]).map((e) => e.node.id);
      return { status: ids.includes(w.owner.id) ? 200 : 404, body: res.body };
    },
    // The tray holds one's own reel and the followed accounts'.
    expected: (_view, actor) => (actor === 'loggedOut' ? 401 : actor === 'owner' || actor === 'follower' ? 200 : 404),
  },
  {
    name: "a story's viewers",
    request: (w, a) => a.get(q('story_viewers', { item_id: w.story.id })),
    expected: (_view, actor) => (actor === 'loggedOut' ? 401 : actor === 'owner' ? 200 : 404),
  },
  {
    name: 'a story marked seen',
    request: (w, a) => a.post('/stories/reel/seen/', seenForm(w.story)),
    expected: (view, actor) => (actor === 'loggedOut' ? 401 : postResource(view)),
  },
];

type IdEdges = { edges: { node: { id: string } }[] };
/** 200 when the place's page (top and newest posts) lists the post, 404 when it does not; the page itself answers 200 to all. */
async function postOnPlacePage(w: World, agent: Agent) {
  const res = await agent.get(`/explore/locations/${w.media.location.id}/?__a=1`);
  expect(res.status).toBe(200);
  const place = res.body.graphql.location as { edge_location_to_top_posts: IdEdges; edge_location_to_media: IdEdges };
  const ids = [...place.edge_location_to_top_posts.edges, ...place.edge_location_to_media.edges].map((e) => e.node.id);
  return { status: ids.includes(w.media.id) ? 200 : 404, body: res.body };
}
async function postInLocationMedia(w: World, agent: Agent) {
  const res = await agent.get(q('location_media', { id: w.media.location.id }));
  expect(res.status).toBe(200);
  const ids = (res.body.data.location.edge_location_to_media as IdEdges).edges.map((e) => e.node.id);
  return { status: ids.includes(w.media.id) ? 200 : 404, body: res.body };
}

async function person(t: TestApp) {
  const agent = new Agent(t.app);
  return { agent, user: await signUp(agent) };
}

async function buildWorld(t: TestApp, privacy: Privacy): Promise<World> {
  const [owner, follower, stranger, requester, blocked, blocker] = await Promise.all(Array.from({ length: 6 }, () => person(t)));
  const tag = `matrix${privacy}`;
  const media = await postPhoto(owner!.agent, `${privacy} life #${tag}`, { location: `Matrix corner ${privacy} ${Date.now()}` });
  const story = await insertStory(t, owner!.user.id);
  expect((await owner!.agent.post(`/web/tags/follow/${tag}/`)).status).toBe(200);
  await follower!.agent.post(`/web/friendships/${owner!.user.id}/follow/`);
  await owner!.agent.post(`/web/friendships/${follower!.user.id}/follow/`);
  const comment = (await follower!.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'lovely' })).body.comment;
  await owner!.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'thanks', replied_to_comment_id: comment.id });
  await owner!.agent.post(`/web/comments/like/${comment.id}/`);
  await follower!.agent.post(`/web/likes/${media.id}/like/`);
  if (privacy === 'private') {
    expect((await owner!.agent.post('/accounts/set_private/')).status).toBe(200);
    expect((await requester!.agent.post(`/web/friendships/${owner!.user.id}/follow/`)).body.result).toBe('requested');
  }
  expect((await owner!.agent.post(`/web/friendships/${blocked!.user.id}/block/`)).status).toBe(200);
  expect((await blocker!.agent.post(`/web/friendships/${owner!.user.id}/block/`)).status).toBe(200);
  return {
    owner: owner!.user,
    tag,
    media,
    commentId: comment.id,
    story,
    agents: {
      owner: owner!.agent, follower: follower!.agent, stranger: stranger!.agent, requester: requester!.agent,
      blocked: blocked!.agent, blocker: blocker!.agent, loggedOut: new Agent(t.app),
    },
  };
}

let t: TestApp;
const worlds = {} as Record<Privacy, World>;
beforeAll(async () => {
  t = await createTestApp();
  worlds.public = await buildWorld(t, 'public');
  worlds.private = await buildWorld(t, 'private');
});
afterAll(async () => { await t.close(); });

for (const privacy of ['public', 'private'] as Privacy[]) {
  describe(`what each viewer may read of a ${privacy} account (${databaseKind})`, () => {
    for (const resource of RESOURCES) {
      for (const actor of ACTORS) {
        const view = viewOf(actor, privacy);
        const status = resource.expected(view, actor);
        it(`${resource.name} × ${actor}: ${status}`, async () => {
          const w = worlds[privacy];
          // Asked twice: the second answer may be one kept ready, which the rules decide again.
          for (const asked of ['built', 'again']) {
            const res = await resource.request(w, w.agents[actor]);
            expect(res.status, asked).toBe(status);
            if (status === 403) expect((res.body as { message: string }).message).toBe(view === 'private' ? 'This account is private.' : 'You blocked this account. Unblock it to see its posts and lists.');
            if (resource.name === 'profile page data' && status === 200) {
              // The header always; the first posts only to those who may see them.
              const media = (res.body as { graphql: { user: { edge_owner_to_timeline_media: { edges?: unknown[] } } } }).graphql.user.edge_owner_to_timeline_media;
              expect(media.edges !== undefined, 'posts in the profile page data').toBe(view === 'visible');
            }
          }
        });
      }
    }
  });
}

/**
 * A close friends' story: its owner's close friends who may see the owner's content see it; a
 * follower who is not one, and a close friend who does not follow a private account, do not.
 */
type StoryReader = 'closeFriend' | 'follower' | 'closeFriendNotFollowing';
for (const privacy of ['public', 'private'] as Privacy[]) {
  describe(`who sees a close friends' story of a ${privacy} account (${databaseKind})`, () => {
    const readers = {} as Record<StoryReader, Agent>;
    let owner: { id: string };
    let besties: InsertedStory;
    beforeAll(async () => {
      const [o, closeFriend, follower, notFollowing] = await Promise.all(Array.from({ length: 4 }, () => person(t)));
      owner = o!.user;
      for (const p of [closeFriend, follower]) await p!.agent.post(`/web/friendships/${owner.id}/follow/`);
      if (privacy === 'private') expect((await o!.agent.post('/accounts/set_private/')).status).toBe(200);
      for (const p of [closeFriend, notFollowing]) await addCloseFriend(t.db, owner.id, p!.user.id);
      besties = await insertStory(t, owner.id, { audience: 'besties' });
      Object.assign(readers, { closeFriend: closeFriend!.agent, follower: follower!.agent, closeFriendNotFollowing: notFollowing!.agent });
    });
    const sees: Record<StoryReader, boolean> = { closeFriend: true, follower: false, closeFriendNotFollowing: privacy === 'public' };
    for (const [reader, expected] of Object.entries(sees) as [StoryReader, boolean][]) {
      it(`reels_media and marking it seen × ${reader}: ${expected ? 'sees it' : 'does not'}`, async () => {
        const res = await readers[reader].get(q('reels_media', { reel_ids: [owner.id] }));
        const items = (res.body.data.reels_media as Reels).flatMap((r) => r.items.map((i) => i.id));
        expect(items.includes(besties.id)).toBe(expected);
        expect((await readers[reader].post('/stories/reel/seen/', seenForm(besties))).status).toBe(expected ? 200 : 404);
        expect((await readers[reader].get(q('story_viewers', { item_id: besties.id }))).status).toBe(404);
      });
    }
  });
}

/**
 * A block hides each from the other everywhere: the person ("them") shows up in every list of
 * someone else's things the viewer reads, unless a block stands between the two, either way.
 */
interface Presence {
  name: string;
  /** Ids of the people the list shows. */
  people: (w: PresenceWorld, agent: Agent) => Promise<string[]>;
}

interface PresenceWorld {
  them: { id: string; username: string };
  host: { id: string; username: string };
  media: { id: string; shortcode: string };
  commentId: string;
  agents: Record<'friend' | 'blocker' | 'blockedByThem', Agent>;
}

type Edges = { edges: { node: { id?: string; owner?: { id: string }; edge_threaded_comments?: Edges } }[] };
const nodeIds = (e: Edges) => e.edges.map((x) => x.node.id!);
const ownerIds = (e: Edges) => e.edges.map((x) => x.node.owner!.id);

/** Everyone the profiles directory lists to this agent, down every key. */
async function directoryIds(a: Agent, key: string | null = null): Promise<string[]> {
  const body = (await a.get(key === null ? '/directory/profiles/?__a=1' : `/directory/profiles/${key}/?__a=1`)).body;
  if (body.level_info.is_last_level) return body.profile_list.map((u: { id: string }) => u.id);
  return (await Promise.all(body.key_list.map((k: { key: string }) => directoryIds(a, k.key)))).flat();
}

const PRESENCE: Presence[] = [
  { name: 'search', people: async (w, a) => ((await a.get(`/web/search/topsearch/?query=${w.them.username}`)).body.users as { user: { id: string } }[]).map((u) => u.user.id) },
  { name: 'liked_by', people: async (w, a) => nodeIds((await a.get(q('liked_by', { shortcode: w.media.shortcode }))).body.data.shortcode_media.edge_liked_by) },
  { name: 'comment_likes', people: async (w, a) => nodeIds((await a.get(q('comment_likes', { comment_id: w.commentId }))).body.data.comment.edge_liked_by) },
  { name: 'parent_comments', people: async (w, a) => ownerIds((await a.get(q('parent_comments', { shortcode: w.media.shortcode }))).body.data.shortcode_media.edge_media_to_parent_comment) },
  { name: 'child_comments', people: async (w, a) => ownerIds((await a.get(q('child_comments', { comment_id: w.commentId }))).body.data.comment.edge_threaded_comments) },
  {
    name: 'replies under a parent comment',
    people: async (w, a) => {
      const parents = (await a.get(q('parent_comments', { shortcode: w.media.shortcode }))).body.data.shortcode_media.edge_media_to_parent_comment as Edges;
      return parents.edges.flatMap((p) => ownerIds(p.node.edge_threaded_comments!));
    },
  },
  { name: 'comments on the post page', people: async (w, a) => ownerIds((await a.get(`/p/${w.media.shortcode}/?__a=1`)).body.graphql.shortcode_media.edge_media_to_parent_comment) },
  { name: 'comments on a feed card', people: async (w, a) => ownerIds((await a.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges.find((e: { node: { id: string } }) => e.node.id === w.media.id).node.edge_media_to_parent_comment) },
  { name: "the host's followers", people: async (w, a) => nodeIds((await a.get(q('follow_list', { id: w.host.id, type: 'followers' }))).body.data.user.edge_followed_by) },
  { name: 'who the host follows', people: async (w, a) => nodeIds((await a.get(q('follow_list', { id: w.host.id, type: 'following' }))).body.data.user.edge_follow) },
  {
    name: 'suggestions',
    people: async (_w, a) => ((await a.get(q('suggested_users', {}))).body.data.user.edge_suggested_users.edges as { node: { user: { id: string } } }[]).map((e) => e.node.user.id),
  },
  { name: 'the profiles directory', people: (_w, a) => directoryIds(a) },
  { name: 'profiles suggested around the host', people: async (w, a) => ((await a.get(`/directory/suggested/${w.host.username}/?__a=1`)).body.profile_list as { id: string }[]).map((u) => u.id) },
  { name: 'their reel in reels_media', people: async (w, a) => ((await a.get(q('reels_media', { reel_ids: [w.them.id] }))).body.data.reels_media as Reels).map((r) => r.id) },
  {
    name: "a mention of them on the host's story",
    people: async (w, a) => {
      const reels = (await a.get(q('reels_media', { reel_ids: [w.host.id] }))).body.data.reels_media as { items: { tappable_objects: { user?: { id: string } }[] }[] }[];
      return reels.flatMap((r) => r.items.flatMap((i) => i.tappable_objects.flatMap((o) => (o.user ? [o.user.id] : []))));
    },
  },
];

describe(`a block hides each from the other in every list (${databaseKind})`, () => {
  let w: PresenceWorld;
  beforeAll(async () => {
    const [them, host, friend, blocker, blockedByThem] = await Promise.all(Array.from({ length: 5 }, () => person(t)));
    const media = await postPhoto(host!.agent, 'a public post');
    // Everyone follows the host (the feed, suggestions through the host), the host follows them.
    for (const p of [them, friend, blocker, blockedByThem]) await p!.agent.post(`/web/friendships/${host!.user.id}/follow/`);
    await host!.agent.post(`/web/friendships/${them!.user.id}/follow/`);
    await them!.agent.post(`/web/likes/${media.id}/like/`);
    const parent = (await host!.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'first' })).body.comment;
    await them!.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'a comment by them' });
    await them!.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'a reply by them', replied_to_comment_id: parent.id });
    await them!.agent.post(`/web/comments/like/${parent.id}/`);
    await insertStory(t, them!.user.id);
    await insertStory(t, host!.user.id, { stickers: [{ type: 'mention', user_id: them!.user.id, x: 0.5, y: 0.5, width: 0.2, height: 0.1, rotation: 0 }] });
    expect((await blocker!.agent.post(`/web/friendships/${them!.user.id}/block/`)).status).toBe(200);
    expect((await them!.agent.post(`/web/friendships/${blockedByThem!.user.id}/block/`)).status).toBe(200);
    w = { them: them!.user, host: host!.user, media, commentId: parent.id, agents: { friend: friend!.agent, blocker: blocker!.agent, blockedByThem: blockedByThem!.agent } };
  });

  // Each list asked twice: the second answer may be one kept ready, which the rules decide again.
  for (const list of PRESENCE) {
    it(`${list.name}: shown to a viewer with no block`, async () => {
      for (const asked of ['built', 'again']) expect(await list.people(w, w.agents.friend), asked).toContain(w.them.id);
    });
    it(`${list.name}: absent for the one who blocked them`, async () => {
      for (const asked of ['built', 'again']) expect(await list.people(w, w.agents.blocker), asked).not.toContain(w.them.id);
    });
    it(`${list.name}: absent for the one they blocked`, async () => {
      for (const asked of ['built', 'again']) expect(await list.people(w, w.agents.blockedByThem), asked).not.toContain(w.them.id);
    });
  }
});

/**
 * A direct thread and its items: its members read them; anyone else is told it is not there (404)
 * and a visitor must log in (401). A block ends a one-to-one thread for both of its people: the
 * one blocked and the one who blocked.
 */
type ThreadViewer = 'member' | 'nonMember' | 'loggedOut' | 'blocked' | 'blocker';
const THREAD_VIEWERS: Record<ThreadViewer, number> = { member: 200, nonMember: 404, loggedOut: 401, blocked: 404, blocker: 404 };

interface ThreadSeat {
  agent: Agent;
  threadId: string;
  itemId: string;
}

const THREAD_RESOURCES: { name: string; request: (s: ThreadSeat) => Promise<{ status: number }> }[] = [
  { name: 'the thread and its items', request: (s) => s.agent.get(`/direct_v2/web/threads/${s.threadId}/`) },
  { name: 'the thread page data', request: (s) => s.agent.get(`/direct/t/${s.threadId}/?__a=1`) },
  { name: 'an item marked seen', request: (s) => s.agent.post(`/direct_v2/web/threads/${s.threadId}/items/${s.itemId}/seen/`) },
  { name: 'an item liked', request: (s) => s.agent.post(`/direct_v2/web/threads/${s.threadId}/items/${s.itemId}/like/`) },
];

describe(`who may read a direct thread (${databaseKind})`, () => {
  const seats = {} as Record<ThreadViewer, ThreadSeat>;
  beforeAll(async () => {
    const { direct } = directOver(t);
    const [owner, member, nonMember, blocked] = await Promise.all(Array.from({ length: 4 }, () => person(t)));
    const open = (await direct.createThread(owner!.user.id, [member!.user.id])).threadId;
    const item = await direct.deliver(owner!.user.id, open, { type: 'text', text: 'for the member' }, null);
    const parted = (await direct.createThread(owner!.user.id, [blocked!.user.id])).threadId;
    const before = await direct.deliver(blocked!.user.id, parted, { type: 'text', text: 'before the block' }, null);
    expect((await owner!.agent.post(`/web/friendships/${blocked!.user.id}/block/`)).status).toBe(200);
    const seat = (agent: Agent, threadId: string, itemId: string): ThreadSeat => ({ agent, threadId, itemId });
    Object.assign(seats, {
      member: seat(member!.agent, open, item.item_id),
      nonMember: seat(nonMember!.agent, open, item.item_id),
      loggedOut: seat(new Agent(t.app), open, item.item_id),
      blocked: seat(blocked!.agent, parted, before.item_id),
      blocker: seat(owner!.agent, parted, before.item_id),
    });
  });

  for (const resource of THREAD_RESOURCES) {
    for (const [viewer, status] of Object.entries(THREAD_VIEWERS) as [ThreadViewer, number][]) {
      it(`${resource.name} × ${viewer}: ${status}`, async () => {
        expect((await resource.request(seats[viewer])).status).toBe(status);
      });
    }
  }
});
