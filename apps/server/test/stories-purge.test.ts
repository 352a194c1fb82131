import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_ARCHIVE_KEEP_MS, STORY_TTL_MS } from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { uploadPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createIdGenerator } from '../src/platform/ids.js';
import { createStoriesRepository } from '../src/features/stories/repository.js';
import { createStoryPurge } from '../src/features/stories/purge.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
const nextId = createIdGenerator(4091);
const DAY = 24 * 60 * 60 * 1000;

const fileStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

/** Moves a story's posting time back (and its expiry with it). */
async function postedAt(storyId: string, at: number) {
  await t.db.updateTable('stories').set({ taken_at: new Date(at), expiring_at: new Date(at + STORY_TTL_MS) }).where('id', '=', storyId).execute();
}

describe(`the purge of expired stories (${databaseKind})`, () => {
  it('removes stories past the archive keep with their files, and keeps what a highlight holds, the archive and live ones', async () => {
    const { agent, user } = await signedUpAgent(t.app);
    const story = async () => {
      const up = await uploadPhoto(agent);
      const res = await agent.postJson('/create/configure_to_story/', { upload_id: up.uploadId });
      expect(res.status).toBe(200);
      return res.body.media as { id: string; display_url: string; display_resources: { src: string }[] };
    };
    const [old, kept, archived, live] = [await story(), await story(), await story(), await story()];
    const now = Date.now() + 10 * DAY;
    await postedAt(old.id, now - STORY_TTL_MS - STORY_ARCHIVE_KEEP_MS - DAY);
    await postedAt(kept.id, now - STORY_TTL_MS - STORY_ARCHIVE_KEEP_MS - DAY);
    await postedAt(archived.id, now - STORY_TTL_MS - STORY_ARCHIVE_KEEP_MS + DAY);
    await postedAt(live.id, now - DAY / 2);
    const highlight = nextId();
    await t.db.insertInto('highlights').values({ id: highlight, owner_id: user.id, title: 'Keep', cover_story_id: kept.id, updated_at: new Date() }).execute();
    await t.db.insertInto('highlight_items').values({ highlight_id: highlight, story_id: kept.id, added_at: new Date() }).execute();

    const purge = createStoryPurge(createStoriesRepository(t.db), t.storage);
    expect(await purge(now)).toBe(1);
    const left = (await t.db.selectFrom('stories').select('id').where('owner_id', '=', user.id).execute()).map((r) => r.id).sort();
    expect(left).toEqual([kept.id, archived.id, live.id].sort());
    for (const r of old.display_resources) expect(await fileStatus(r.src)).toBe(404);
    expect(await fileStatus(kept.display_url)).toBe(200);
    expect(await fileStatus(archived.display_url)).toBe(200);

    // Out of its highlight, the story goes with the next purge.
    await t.db.deleteFrom('highlight_items').where('story_id', '=', kept.id).execute();
    expect(await purge(now)).toBe(1);
    expect(await fileStatus(kept.display_url)).toBe(404);
    expect(await purge(now)).toBe(0);
  });

  it('works in batches until none is left', async () => {
    const { user } = await signedUpAgent(t.app);
    const longAgo = new Date(Date.now() - STORY_ARCHIVE_KEEP_MS - 2 * DAY);
    const rows = Array.from({ length: 230 }, (_, i) => ({
      id: nextId(), owner_id: user.id, kind: 'image' as const, upload_id: `bulk-${i}`, width: 1080, height: 1920,
      taken_at: new Date(longAgo.getTime() - STORY_TTL_MS), expiring_at: longAgo,
    }));
    await t.db.insertInto('stories').values(rows).execute();
    expect(await createStoryPurge(createStoriesRepository(t.db), t.storage)(Date.now())).toBe(230);
    expect(await t.db.selectFrom('stories').select('id').where('owner_id', '=', user.id).execute()).toHaveLength(0);
  });
});
