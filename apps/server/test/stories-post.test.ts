import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { STORY_IMAGE_WIDTHS, STORY_TTL_MS, STORY_VIDEO_MAX_SEC } from '@shutter/contract';
import { configureStoryAnswer } from '@shutter/contract/results';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { makeJpeg, makeVideo, uploadPhoto, uploadVideo } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createIdGenerator } from '../src/platform/ids.js';
import { createPostsRepository } from '../src/features/posts/repository.js';
import { createUploads, ENCODE_VIDEO_JOB } from '../src/features/posts/uploads.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
const nextId = createIdGenerator(4093);

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);

async function configure(agent: Agent, body: Record<string, unknown>) {
  return agent.postJson('/create/configure_to_story/', body);
}

async function storyPhoto(p: Person, data?: Buffer, extra: Record<string, unknown> = {}) {
  const up = await uploadPhoto(p.agent, data);
  expect(up.status).toBe(200);
  const res = await configure(p.agent, { upload_id: up.uploadId, ...extra });
  return { ...res, uploadId: up.uploadId };
}

/** A 9:16 photo: red at the top, blue at the bottom, grey between (the feed's 4:5 crop cuts both bands away). */
async function tallBands(): Promise<Buffer> {
  const band = (r: number, g: number, b: number, height: number) => sharp({ create: { width: 900, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
  return sharp({ create: { width: 900, height: 1600, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([{ input: await band(230, 20, 20, 150), top: 0, left: 0 }, { input: await band(20, 20, 230, 150), top: 1450, left: 0 }])
    .jpeg({ quality: 95 }).toBuffer();
}

async function pixelAt(url: string, x: number, y: number) {
  const file = await t.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const img = sharp(file.rawPayload);
  const meta = await img.metadata();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { width: meta.width, height: meta.height, rgb: [data[at]!, data[at + 1]!, data[at + 2]!] };
}

const fileStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe(`posting a story (${databaseKind})`, () => {
  it('a 9:16 photo keeps its whole frame, in every story width, live for a day', async () => {
    const me = await person();
    const res = await storyPhoto(me, await tallBands());
    expect(res.status).toBe(200);
    expect(configureStoryAnswer.safeParse(res.body).success).toBe(true);
    const media = res.body.media;
    expect(media).toMatchObject({ __typename: 'GraphStoryImage', is_video: false, audience: 'everyone', video_resources: [], video_duration: null, story_view_count: 0 });
    expect(media.owner.id).toBe(me.user.id);
    expect(media.expiring_at_timestamp - media.taken_at_timestamp).toBe(STORY_TTL_MS / 1000);
    expect(media.display_resources.map((r: { config_width: number }) => r.config_width)).toEqual([...STORY_IMAGE_WIDTHS].sort((a, b) => a - b));
    for (const r of media.display_resources) expect(r.config_height).toBe(Math.round((r.config_width * 16) / 9));
    expect(media.thumbhash).toEqual(expect.any(String));
    // The top band is still there: the story was made from the uncropped frame.
    const top = await pixelAt(media.display_url, 540, 40);
    expect(top).toMatchObject({ width: 1080, height: 1920 });
    expect(top.rgb[0]).toBeGreaterThan(180);
    expect(top.rgb[2]).toBeLessThan(80);
    const bottom = await pixelAt(media.display_url, 540, 1880);
    expect(bottom.rgb[2]).toBeGreaterThan(180);
  });

  it('a landscape photo sits whole in the middle over a blurred, darkened fill of itself', async () => {
    const me = await person();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 250, g: 250, b: 250 } } }).jpeg().toBuffer();
    const res = await storyPhoto(me, photo);
    expect(res.status).toBe(200);
    const middle = await pixelAt(res.body.media.display_url, 540, 960);
    expect(middle).toMatchObject({ width: 1080, height: 1920 });
    expect(middle.rgb[0]).toBeGreaterThan(235);
    const fill = await pixelAt(res.body.media.display_url, 540, 100);
    expect(fill.rgb[0]).toBeLessThan(200); // darkened
    expect(fill.rgb[0]).toBeGreaterThan(60); // but the photo's colour, not black bars
  });

  it('the same upload again answers the same story; close friends only when asked', async () => {
    const me = await person();
    const first = await storyPhoto(me, undefined, { audience: 'besties' });
    expect(first.status).toBe(200);
    expect(first.body.media.audience).toBe('besties');
    const again = await configure(me.agent, { upload_id: first.uploadId });
    expect(again.status).toBe(200);
    expect(again.body.media.id).toBe(first.body.media.id);
    const rows = await t.db.selectFrom('stories').select('id').where('owner_id', '=', me.user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps a close friends' story's files out of shared caches, even on a public account", async () => {
    const me = await person();
    const cacheControl = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers['cache-control'];
    const everyone = await storyPhoto(me);
    const besties = await storyPhoto(me, undefined, { audience: 'besties' });
    expect(await cacheControl(everyone.body.media.display_url)).toBe('public, max-age=31536000, immutable');
    for (const { src } of besties.body.media.display_resources as { src: string }[]) {
      expect(await cacheControl(src)).toBe('private, max-age=31536000, immutable');
    }
  });

  it('takes form posts with the stickers as JSON text', async () => {
    const me = await person();
    const up = await uploadPhoto(me.agent);
    const res = await me.agent.post('/create/configure_to_story/', {
      upload_id: up.uploadId, story_stickers: JSON.stringify([{ type: 'emoji', emoji: '🔥', x: 0.5, y: 0.5, width: 0.2, height: 0.1 }]),
    });
    expect(res.status).toBe(200);
    expect(res.body.media.tappable_objects).toEqual([expect.objectContaining({ type: 'emoji', text: '🔥', rotation: 0 })]);
  });

  it("refuses someone else's upload, an unknown one, and a visitor who is not logged in", async () => {
    const owner = await person();
    const other = await person();
    const up = await uploadPhoto(owner.agent);
    const stolen = await configure(other.agent, { upload_id: up.uploadId });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ status: 'fail', code: 'story_upload_not_found' });
    const unknown = await configure(owner.agent, { upload_id: 'nothing-here' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('story_upload_not_found');

    const visitor = new Agent(t.app);
    const loggedOut = await configure(visitor, { upload_id: up.uploadId });
    expect(loggedOut.status).toBe(401);
    const noToken = await owner.agent.request('POST', '/create/configure_to_story/', { json: { upload_id: up.uploadId }, csrf: false });
    expect(noToken.status).toBe(403);
    expect(await t.db.selectFrom('stories').select('id').where('upload_id', '=', up.uploadId).execute()).toHaveLength(0);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const me = await person();
    const up = await uploadPhoto(me.agent);
    for (const body of [
      { upload_id: up.uploadId, audience: 'friends' },
      { upload_id: up.uploadId, story_stickers: 'not json' },
      { upload_id: up.uploadId, story_stickers: [{ type: 'mention', user_id: 'alice', x: 0, y: 0, width: 0, height: 0 }] },
      { upload_id: up.uploadId, story_stickers: [{ type: 'emoji', emoji: 'x', x: 2, y: 0, width: 0, height: 0 }] },
      { upload_id: '../etc' },
    ]) {
      const res = await configure(me.agent, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('fail');
    }
    expect(await t.db.selectFrom('stories').select('id').where('owner_id', '=', me.user.id).execute()).toHaveLength(0);
  });
});

describe(`stickers (${databaseKind})`, () => {
  const at = { x: 0.5, y: 0.5, width: 0.3, height: 0.1 };

  it('a mention, a hashtag and a place: stored, tappable, and the mentioned person is told in activity', async () => {
    const me = await person();
    const friend = await person();
    const place = nextId();
    await t.db.insertInto('locations').values({ id: place, name: 'Story Café', slug: 'story-cafe', name_lower: `story café ${place}` }).execute();
    const res = await storyPhoto(me, undefined, {
      story_stickers: [
        { type: 'mention', user_id: friend.user.id, ...at },
        { type: 'hashtag', name: '#SunnyDay', ...at },
        { type: 'location', location_id: place, ...at, rotation: 0.3 },
      ],
    });
    expect(res.status).toBe(200);
    const media = res.body.media;
    expect(media.tappable_objects).toEqual([
      expect.objectContaining({ type: 'mention', user: { id: friend.user.id, username: friend.user.username } }),
      expect.objectContaining({ type: 'hashtag', hashtag: { name: 'sunnyday' } }),
      expect.objectContaining({ type: 'location', location: { id: place, name: 'Story Café' }, rotation: 0.3 }),
    ]);
    const story = await t.db.selectFrom('stories').select(['location_id']).where('id', '=', media.id).executeTakeFirstOrThrow();
    expect(story.location_id).toBe(place);
    expect(await t.db.selectFrom('story_hashtags').select('name').where('story_id', '=', media.id).execute()).toEqual([{ name: 'sunnyday' }]);
    expect(await t.db.selectFrom('story_mentions').select('user_id').where('story_id', '=', media.id).execute()).toEqual([{ user_id: friend.user.id }]);

    const activity = await friend.agent.get('/accounts/activity/?__a=1');
    const edges = activity.body.graphql.user.activity_feed.edge_web_activity_feed.edges;
    expect(edges).toEqual([expect.objectContaining({ node: expect.objectContaining({ type: 'story_mention', story: { id: media.id, thumbnail_src: expect.any(String) }, media: null }) })]);
    expect(edges[0].node.user.id).toBe(me.user.id);
  });

  it('a mention in a close friends story is told only to a close friend', async () => {
    const me = await person();
    const friend = await person();
    const res = await storyPhoto(me, undefined, { audience: 'besties', story_stickers: [{ type: 'mention', user_id: friend.user.id, ...at }] });
    expect(res.status).toBe(200);
    const feedOf = async () => (await friend.agent.get('/accounts/activity/?__a=1')).body.graphql.user.activity_feed.edge_web_activity_feed.edges;
    expect(await feedOf()).toEqual([]);
    await t.db.insertInto('close_friends').values({ owner_id: me.user.id, friend_id: friend.user.id }).execute();
    expect(await feedOf()).toHaveLength(1);
  });

  it('refuses to mention someone who does not exist, whom the poster blocked, or who blocked the poster', async () => {
    const me = await person();
    const blockedByMe = await person();
    const blocksMe = await person();
    await t.db.insertInto('blocks').values([
      { blocker_id: me.user.id, blocked_id: blockedByMe.user.id, id: nextId() },
      { blocker_id: blocksMe.user.id, blocked_id: me.user.id, id: nextId() },
    ]).execute();
    for (const userId of ['999999999999', blockedByMe.user.id, blocksMe.user.id]) {
      const res = await storyPhoto(me, undefined, { story_stickers: [{ type: 'mention', user_id: userId, ...at }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'fail', code: 'story_mention_unavailable' });
    }
    expect(await t.db.selectFrom('stories').select('id').where('owner_id', '=', me.user.id).execute()).toHaveLength(0);
    const told = await t.db.selectFrom('events').select('id').where('type', '=', 'story_mention').where('actor_id', '=', me.user.id).execute();
    expect(told).toHaveLength(0);
  });

  it('refuses a place that does not exist', async () => {
    const me = await person();
    const res = await storyPhoto(me, undefined, { story_stickers: [{ type: 'location', location_id: '999999999999', ...at }] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('story_place_not_found');
  });
});

describe(`video stories (${databaseKind})`, () => {
  async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    for (let i = 0; i < 120; i++) {
      const v = await read();
      if (done(v)) return v;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('timed out');
  }

  it("becomes ready when the encoding ends, with files of its own that the uploads' purge leaves alone", async () => {
    const me = await person();
    const { res: up, uploadId } = await uploadVideo(me.agent, makeVideo(1));
    expect(up.status).toBe(200);
    const res = await configure(me.agent, { upload_id: uploadId });
    expect(res.status).toBe(200);
    expect(res.body.media.__typename).toBe('GraphStoryVideo');
    const storyId = res.body.media.id;
    const story = await waitFor(
      () => t.db.selectFrom('stories').selectAll().where('id', '=', storyId).executeTakeFirstOrThrow(),
      (s) => s.status !== 'processing',
    );
    expect(story.status).toBe('ready');
    expect(story.duration_ms).toBeGreaterThan(500);
    expect(story.video_key).toMatch(/video\.mp4$/);
    const upload = await t.db.selectFrom('uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirstOrThrow();
    expect(story.video_key).not.toBe(upload.video_key);
    expect(story.variants.map((v) => [v.width, v.height])).toEqual(STORY_IMAGE_WIDTHS.map((w) => [w, Math.round((w * 16) / 9)]));

    const again = await configure(me.agent, { upload_id: uploadId });
    expect(again.body.media).toMatchObject({ id: storyId, is_video: true, video_duration: story.duration_ms! / 1000 });
    expect(again.body.media.video_resources[0].src).toMatch(/video\.mp4$/);
    expect(configureStoryAnswer.safeParse(again.body).success).toBe(true);

    // A day later the upload (never posted) is purged; the story's files stay.
    const uploads = createUploads(createPostsRepository(t.db), t.storage, t.queue, { forget: async () => {} });
    await uploads.purgeExpired(Date.now() + 2 * STORY_TTL_MS);
    expect(await t.db.selectFrom('uploads').select('upload_id').where('upload_id', '=', uploadId).execute()).toHaveLength(0);
    expect(await fileStatus(`/media/${upload.video_key}`)).toBe(404);
    expect(await fileStatus(`/media/${story.video_key}`)).toBe(200);
    expect(await fileStatus(`/media/${story.variants[0]!.key}`)).toBe(200);
  }, 60_000);

  it('a story made while its video is encoding waits for the encoding, then takes its files', async () => {
    const me = await person();
    const { uploadId } = await uploadVideo(me.agent, makeVideo(1));
    const encoded = () => t.db.selectFrom('uploads').select(['status']).where('upload_id', '=', uploadId).executeTakeFirstOrThrow();
    await waitFor(encoded, (u) => u.status === 'ready');
    // Back to "encoding" (the files stay), so that the story certainly comes before the end of it.
    await t.db.updateTable('uploads').set({ status: 'processing' }).where('upload_id', '=', uploadId).execute();
    const res = await configure(me.agent, { upload_id: uploadId });
    expect(res.status).toBe(200);
    expect(res.body.media).toMatchObject({ is_video: true, display_resources: [], video_resources: [] });
    expect(configureStoryAnswer.safeParse(res.body).success).toBe(true);
    const storyId = res.body.media.id;
    const status = () => t.db.selectFrom('stories').select(['status', 'video_key']).where('id', '=', storyId).executeTakeFirstOrThrow();
    expect((await status()).status).toBe('processing');

    // The encoding ends (a retried job finds it done and tells again).
    await t.db.updateTable('uploads').set({ status: 'ready' }).where('upload_id', '=', uploadId).execute();
    await t.queue.send(ENCODE_VIDEO_JOB, { ownerId: me.user.id, uploadId });
    const done = await waitFor(status, (s) => s.status !== 'processing');
    expect(done).toMatchObject({ status: 'ready', video_key: expect.stringMatching(/video\.mp4$/) });
    expect(await fileStatus(`/media/${done.video_key}`)).toBe(200);
  }, 60_000);

  it(`refuses a video longer than ${STORY_VIDEO_MAX_SEC} seconds`, async () => {
    const me = await person();
    const { res: up, uploadId } = await uploadVideo(me.agent, makeVideo(STORY_VIDEO_MAX_SEC + 3));
    expect(up.status).toBe(200);
    const res = await configure(me.agent, { upload_id: uploadId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'fail', code: 'story_video_too_long', params: { max: STORY_VIDEO_MAX_SEC } });
    expect(await t.db.selectFrom('stories').select('id').where('owner_id', '=', me.user.id).execute()).toHaveLength(0);
  }, 60_000);

  it('refuses a video whose encoding failed', async () => {
    const me = await person();
    const { uploadId } = await uploadVideo(me.agent, makeVideo(1));
    await t.db.updateTable('uploads').set({ status: 'failed', error: 'broken' }).where('upload_id', '=', uploadId).execute();
    const res = await configure(me.agent, { upload_id: uploadId });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('story_upload_failed');
  }, 30_000);
});

describe(`deleting a story (${databaseKind})`, () => {
  it("the owner deletes it with its files; anyone else gets a 404 and it stays", async () => {
    const me = await person();
    const other = await person();
    const res = await storyPhoto(me, await makeJpeg(600, 600));
    const { id, display_url: url } = res.body.media;
    expect(await fileStatus(url)).toBe(200);

    const theirs = await other.agent.post(`/stories/${id}/delete/`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('story_not_found');
    const visitor = await new Agent(t.app).post(`/stories/${id}/delete/`);
    expect(visitor.status).toBe(401);
    expect(await fileStatus(url)).toBe(200);

    const mine = await me.agent.post(`/stories/${id}/delete/`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ did_delete: true, status: 'ok' });
    expect(await t.db.selectFrom('stories').select('id').where('id', '=', id).execute()).toHaveLength(0);
    expect(await fileStatus(url)).toBe(404);
    expect((await me.agent.post(`/stories/${id}/delete/`)).status).toBe(404);
    expect((await me.agent.post('/stories/abc/delete/')).status).toBe(400);
  });
});
