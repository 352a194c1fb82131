import fs from 'node:fs';
import type { StorySticker } from '@shutter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The stories service on the test database: posting an upload as a story and deleting it, by its owner and by anyone else. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;

const at = { x: 0.5, y: 0.5, width: 0.2, height: 0.1, rotation: 0 };
const storiesOf = async (ownerId: string) => t.db.selectFrom('stories').select(['id', 'status', 'audience', 'variants', 'taken_at', 'expiring_at']).where('owner_id', '=', ownerId).execute();
const fileThere = async (key: string) => fs.existsSync(await t.storage.localPath(key));
const post = async (ownerId: string, stickers: StorySticker[] = [], audience: 'everyone' | 'besties' = 'everyone') =>
  s.stories.configure(ownerId, { uploadId: await seed.upload(ownerId), audience, stickers });

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`stories service (${databaseKind})`, () => {
  it('an upload becomes a ready story with files of its own, live for a day; the same upload again answers that story', async () => {
    const owner = await seed.user('owner');
    const uploadId = await seed.upload(owner);
    const made = await s.stories.configure(owner, { uploadId, audience: 'everyone', stickers: [] });
    const again = await s.stories.configure(owner, { uploadId, audience: 'everyone', stickers: [] });
    expect(again.id).toBe(made.id);
    const rows = await storiesOf(owner);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: made.id, status: 'ready', audience: 'everyone' });
    expect(rows[0]!.expiring_at.getTime() - rows[0]!.taken_at.getTime()).toBe(24 * 3600 * 1000);
    for (const v of rows[0]!.variants) expect(await fileThere(v.key)).toBe(true);
  });

  it('another account\'s upload, or one that is not there, cannot be posted, and no story is made', async () => {
    const [owner, thief] = [await seed.user('owner'), await seed.user('thief')];
    const uploadId = await seed.upload(owner);
    await expect(s.stories.configure(thief, { uploadId, audience: 'everyone', stickers: [] })).rejects.toMatchObject({ statusCode: 404, extra: { code: 'story_upload_not_found' } });
    await expect(s.stories.configure(thief, { uploadId: '123456', audience: 'everyone', stickers: [] })).rejects.toMatchObject({ statusCode: 404 });
    expect(await storiesOf(thief)).toEqual([]);
    expect(await storiesOf(owner)).toEqual([]);
  });

  it('a failed upload is refused', async () => {
    const owner = await seed.user('owner');
    const uploadId = await seed.upload(owner);
    await t.db.updateTable('uploads').set({ status: 'failed' }).where('upload_id', '=', uploadId).execute();
    await expect(s.stories.configure(owner, { uploadId, audience: 'everyone', stickers: [] })).rejects.toMatchObject({ statusCode: 400, extra: { code: 'story_upload_failed' } });
    expect(await storiesOf(owner)).toEqual([]);
  });

  it('a mention sticker tells the person mentioned; mentioning someone a block stands between, or no one, is refused and posts nothing', async () => {
    const [owner, friend, blocker, blocked] = [await seed.user('owner'), await seed.user('friend'), await seed.user('blocker'), await seed.user('blocked')];
    await s.friendships.block(blocker, owner);
    await s.friendships.block(owner, blocked);
    const story = await post(owner, [{ type: 'mention', user_id: friend, ...at }]);
    const told = await t.db.selectFrom('events').select(['story_id']).where('user_id', '=', friend).where('type', '=', 'story_mention').execute();
    expect(told).toEqual([{ story_id: story.id }]);
    for (const who of [blocker, blocked, '4242424242']) {
      await expect(post(owner, [{ type: 'mention', user_id: who, ...at }])).rejects.toMatchObject({ statusCode: 400, extra: { code: 'story_mention_unavailable' } });
    }
    expect(await storiesOf(owner)).toHaveLength(1);
    const toBlocker = await t.db.selectFrom('events').select('id').where('user_id', 'in', [blocker, blocked]).where('type', '=', 'story_mention').execute();
    expect(toBlocker).toEqual([]);
  });

  it('a location sticker must name a place that exists', async () => {
    const owner = await seed.user('owner');
    await expect(post(owner, [{ type: 'location', location_id: '4242424242', ...at }])).rejects.toMatchObject({ statusCode: 400, extra: { code: 'story_place_not_found' } });
    expect(await storiesOf(owner)).toEqual([]);
    const placeId = (await s.places.forPost(owner, { name: 'Story Pier' }))!;
    await post(owner, [{ type: 'location', location_id: placeId, ...at }]);
    const [row] = await t.db.selectFrom('stories').select('location_id').where('owner_id', '=', owner).execute();
    expect(row!.location_id).toBe(placeId);
  });

  it('a close friends\' story keeps its files under keys of their own', async () => {
    const owner = await seed.user('owner');
    await post(owner, [], 'besties');
    const [row] = await storiesOf(owner);
    expect(row!.audience).toBe('besties');
    for (const v of row!.variants) expect(v.key.startsWith('f/')).toBe(true);
  });

  it('only the owner deletes a story: for anyone else it is not found, and it stays with its files', async () => {
    const [owner, other] = [await seed.user('owner'), await seed.user('other')];
    const story = await post(owner);
    const [row] = await storiesOf(owner);
    await expect(s.stories.remove(other, story.id)).rejects.toMatchObject({ statusCode: 404, extra: { code: 'story_not_found' } });
    expect(await storiesOf(owner)).toHaveLength(1);
    for (const v of row!.variants) expect(await fileThere(v.key)).toBe(true);
    await s.stories.remove(owner, story.id);
    expect(await storiesOf(owner)).toEqual([]);
    for (const v of row!.variants) expect(await fileThere(v.key)).toBe(false);
    await expect(s.stories.remove(owner, story.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
