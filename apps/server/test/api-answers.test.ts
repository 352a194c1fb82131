import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APPS_PATH, QUERY_HASHES, queryVariables, type QueryName, type StorySticker } from '@shutter/contract';
import {
  commentAnswer, failure, followAnswer, mediaAnswer, ok, pageData, privacySet, queryAnswerOf, sharedData, topSearch, uploadAnswer,
} from '@shutter/contract/results';
import { Agent, queryUrl, signUp } from './helpers/agent.js';
import { makeJpeg, postPhoto, uploadPhoto } from './helpers/media.js';
import { insertStory, seenForm } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/**
 * Every answer of the main endpoints, persisted queries and page data matches the result schema the
 * contract declares for it. (The test app also checks every answer of every suite as it is sent,
 * see checkAnswers in app.ts; this suite checks them again here, and the OpenAPI document's shape.)
 */
let t: TestApp;
let owner: Agent;
let viewer: Agent;
let ownerUser: { id: string; username: string };
let viewerUser: { id: string; username: string };
let media: { id: string; shortcode: string; location: { id: string; slug: string } | null };
let commentId: string;
let viewerStoryId: string;

function expectShape(schema: z.ZodType, res: { status: number; body: unknown; text: string }, status = 200) {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 5))).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  viewer = new Agent(t.app);
  ownerUser = await signUp(owner);
  viewerUser = await signUp(viewer);
  await viewer.post(`/web/friendships/${ownerUser.id}/follow/`);
  await owner.post(`/web/friendships/${viewerUser.id}/follow/`);
  media = await postPhoto(owner, 'answers #shapes', { location: 'Lisbon, Portugal', usertags: JSON.stringify([{ user_id: viewerUser.id, position: [0.5, 0.5] }]) });
  await viewer.post(`/web/likes/${media.id}/like/`);
  const comment = await viewer.post(`/web/comments/${media.id}/add/`, { comment_text: 'a comment @' + ownerUser.username });
  commentId = comment.body.comment.id;
  await owner.post(`/web/comments/${media.id}/add/`, { comment_text: 'a reply', replied_to_comment_id: commentId });
  await owner.post(`/web/comments/like/${commentId}/`);
  await viewer.post(`/web/save/${media.id}/save/`);
  await owner.post('/web/tags/follow/shapes/');
  // Stories: the owner's in the viewer's tray and reels (with stickers), the viewer's own seen by the owner.
  const stickers: StorySticker[] = [
    { type: 'mention', user_id: viewerUser.id, x: 0.5, y: 0.4, width: 0.3, height: 0.08, rotation: 0 },
    { type: 'location', location_id: media.location!.id, x: 0.5, y: 0.6, width: 0.3, height: 0.08, rotation: 0.2 },
    { type: 'hashtag', name: '#shapes', x: 0.5, y: 0.7, width: 0.3, height: 0.08, rotation: 0 },
    { type: 'time', text: '10:42', x: 0.2, y: 0.1, width: 0.2, height: 0.05, rotation: 0 },
    { type: 'emoji', emoji: '🌅', x: 0.8, y: 0.1, width: 0.1, height: 0.05, rotation: 0 },
  ];
  await insertStory(t, ownerUser.id, { stickers, hashtags: ['shapes'], locationId: media.location!.id });
  const own = await insertStory(t, viewerUser.id);
  viewerStoryId = own.id;
  expect((await owner.post('/stories/reel/seen/', seenForm(own))).status).toBe(200);
}, 60_000);
afterAll(async () => { await t.close(); });

describe(`answers match the contract's result schemas (${databaseKind})`, () => {
  const variablesOf = (): Record<QueryName, unknown> => ({
    viewer: {},
    login_activity: { first: 5 },
    feed: {},
    liked_by: { shortcode: media.shortcode },
    parent_comments: { shortcode: media.shortcode },
    child_comments: { comment_id: commentId },
    comment_likes: { comment_id: commentId },
    profile_posts: { id: ownerUser.id },
    follow_requests: {},
    follow_list: { id: ownerUser.id, type: 'followers' },
    activity_counts: {},
    suggested_users_count: {},
    suggested_users: { fetch_suggested_count: 10 },
    saved_posts: {},
    tagged_posts: { id: viewerUser.id },
    similar_accounts: { id: ownerUser.id },
    hashtag_media: { tag_name: 'shapes' },
    location_media: { id: media.location!.id },
    hashtag_follow_list: { id: ownerUser.id },
    explore_media: {},
    feed_tray: {},
    reels_media: { reel_ids: [ownerUser.id, viewerUser.id], tag_names: ['shapes'], location_ids: [media.location!.id], show_story_viewer_list: true },
    story_viewers: { item_id: viewerStoryId },
  });

  it('every persisted query, by its hash and by its own path, answers its declared result', async () => {
    const vars = variablesOf();
    // The stories' queries answer real content, not empty lists.
    expect((await viewer.get(queryUrl('feed_tray'))).body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges).toHaveLength(2);
    const reels = (await viewer.get(queryUrl('reels_media', vars.reels_media))).body.data.reels_media;
    expect(reels.map((r: { reel_type: string }) => r.reel_type)).toEqual(['user_reel', 'user_reel', 'tag_reel', 'location_reel']);
    expect(reels[1].items[0].edge_story_media_viewers.edges).toHaveLength(1);
    expect(reels[0].items[0].tappable_objects).toHaveLength(5);
    for (const name of Object.keys(QUERY_HASHES) as QueryName[]) {
      expect(queryVariables[name].safeParse(vars[name]).success, name).toBe(true);
      const byHash = await viewer.get(queryUrl(name, vars[name]));
      expectShape(queryAnswerOf(name), byHash);
      const byName = await viewer.get(`/graphql/query/${name}/?variables=${encodeURIComponent(JSON.stringify(vars[name]))}`);
      expectShape(queryAnswerOf(name), byName);
      expect(byName.body).toEqual(byHash.body);
    }
    // follow_list's other side, and a visitor's view of the public queries.
    expectShape(queryAnswerOf('follow_list'), await viewer.get(queryUrl('follow_list', { id: ownerUser.id, type: 'following', mutual_first: true })));
    expectShape(queryAnswerOf('viewer'), await new Agent(t.app).get(queryUrl('viewer')));
    expectShape(queryAnswerOf('parent_comments'), await new Agent(t.app).get(queryUrl('parent_comments', { shortcode: media.shortcode })));
  });

  it('persisted queries fail in the failure shape: bad variables, a session needed, nothing there', async () => {
    const visitor = new Agent(t.app);
    expectShape(failure, await visitor.get('/graphql/query/feed/?variables=%7B'), 400);
    expectShape(failure, await visitor.get(`/graphql/query/profile_posts/?variables=${encodeURIComponent('{"id":"x"}')}`), 400);
    expectShape(failure, await visitor.get('/graphql/query/feed/'), 401);
    expectShape(failure, await visitor.get(queryUrl('location_media', { id: '999999999' })), 404);
  });

  it('page data (?__a=1) of each kind of page, and the shared data', async () => {
    expectShape(sharedData, await viewer.get('/data/shared_data/'));
    expectShape(sharedData, await new Agent(t.app).get('/data/shared_data/'));
    const pages: [keyof typeof pageData, string, Agent][] = [
      ['home', '/', viewer],
      ['home', '/', new Agent(t.app)],
      ['login', '/accounts/login/', new Agent(t.app)],
      ['signup', '/accounts/emailsignup/', new Agent(t.app)],
      ['password-reset', '/accounts/password/reset/', new Agent(t.app)],
      ['login-activity', '/session/login_activity/', viewer],
      ['edit-profile', '/accounts/edit/', viewer],
      ['activity', '/accounts/activity/', owner],
      ['hashtag', '/explore/tags/shapes/', viewer],
      ['location', `/explore/locations/${media.location!.id}/${media.location!.slug}/`, viewer],
      ['post', `/p/${media.shortcode}/`, viewer],
      ['profile', `/${ownerUser.username}/`, viewer],
      ['profile', `/${ownerUser.username}/`, new Agent(t.app)],
      ['plain', '/explore/', viewer],
    ];
    for (const [kind, path, agent] of pages) expectShape(pageData[kind], await agent.get(`${path}?__a=1`));
    expectShape(failure, await new Agent(t.app).get('/accounts/edit/?__a=1'), 401);
    expectShape(failure, await viewer.get('/p/AAAAAAAAAAA/?__a=1'), 404);
  });

  it('actions answer their declared results', async () => {
    const up = await uploadPhoto(viewer, await makeJpeg(120, 90));
    expectShape(uploadAnswer, up);
    expectShape(uploadAnswer, await viewer.get(`/create/upload/${up.uploadId}/`));
    expectShape(mediaAnswer, await viewer.post('/create/configure/', { upload_id: up.uploadId, caption: 'mine' }));
    expectShape(commentAnswer, await viewer.post(`/web/comments/${media.id}/add/`, { comment_text: 'again' }));
    expectShape(ok, await viewer.post(`/web/likes/${media.id}/unlike/`));
    expectShape(ok, await viewer.post(`/web/save/${media.id}/unsave/`));
    expectShape(followAnswer, await viewer.post(`/web/friendships/${ownerUser.id}/follow/`));
    expectShape(privacySet, await viewer.post('/accounts/set_private/'));
    expectShape(privacySet, await viewer.post('/accounts/set_public/'));
    expectShape(topSearch, await viewer.get(`/web/search/topsearch/?query=${ownerUser.username.slice(0, 4)}`));
    expectShape(topSearch, await viewer.get('/web/search/topsearch/?query=%23sha'));
    expectShape(failure, await viewer.post(`/web/comments/${media.id}/add/`, { comment_text: '' }), 400);
    expectShape(failure, await viewer.post(`/web/likes/${media.id}/like/`, {}, { csrf: 'wrong'.repeat(5) }), 403);
    expectShape(failure, await new Agent(t.app).post(`/web/likes/${media.id}/like/`), 401);
    expectShape(failure, await viewer.post('/web/friendships/999999999/follow/'), 404);
  });
});

describe('the OpenAPI document', () => {
  interface Operation {
    operationId?: string;
    security?: Record<string, string[]>[];
    parameters?: { name: string; in: string; content?: Record<string, { schema: unknown }> }[];
    responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  }
  let doc: { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { in: string; name: string }> } };
  beforeAll(async () => { doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json(); });
  const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

  it('declares the session cookie and the CSRF token as security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { in: 'cookie', name: 'sessionid' }, csrfHeader: { in: 'header', name: 'X-CSRFToken' }, csrfCookie: { in: 'cookie', name: 'csrftoken' },
    });
  });

  it('gives every operation an operationId, its security, a success schema and failures in the failure shape', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toBeTruthy();
      ids.add(op.operationId!);
      expect(op.security?.length, where).toBeGreaterThan(0);
      // Registering an app acts on nobody's session (anyone may, as on Mastodon): the one POST without a CSRF token.
      if (method === 'post' && path !== APPS_PATH) expect(op.security!.every((way) => 'csrfHeader' in way), where).toBe(true);
      expect(op.responses['200']?.content?.['application/json']?.schema, where).toBeTruthy();
      expect(op.responses['4XX']?.content?.['application/json']?.schema, where).toBeTruthy();
      if (op.security!.every((way) => 'sessionCookie' in way)) expect(op.responses['401'], where).toBeTruthy();
    }
    expect(ids.size).toBe(operations().length);
  });

  it('documents each persisted query as its own operation, with its variables and its result', () => {
    for (const name of Object.keys(QUERY_HASHES)) {
      const op = doc.paths[`/graphql/query/${name}/`]?.get;
      expect(op, name).toBeDefined();
      expect(op!.parameters?.find((p) => p.name === 'variables')?.content?.['application/json']?.schema, name).toBeTruthy();
    }
  });

  it('documents the page data of the client routes', () => {
    const profile = doc.paths['/{username}/']?.get;
    expect(profile?.responses['200']?.content?.['application/json']?.schema).toBeTruthy();
    expect(profile?.responses['200']?.content?.['text/html']).toBeTruthy();
  });
});
