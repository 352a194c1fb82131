import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { makePrivate } from './helpers/graph.js';
import { makeJpeg, multipart, postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const PUBLIC = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, max-age=31536000, immutable';

async function cacheControlOf(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, cacheControl: res.headers['cache-control'], etag: res.headers.etag as string | undefined };
}

describe(`media caching (${databaseKind})`, () => {
  it("keeps a private account's photos out of shared caches, the first answer and revalidations alike", async () => {
    const agent = new Agent(t.app);
    const owner = await signUp(agent);
    await makePrivate(t.db, owner.id);
    const media = await postPhoto(agent, 'friends only');
    for (const { src } of media.display_resources as { src: string }[]) {
      const first = await cacheControlOf(src);
      expect(first).toMatchObject({ status: 200, cacheControl: PRIVATE });
      expect((await cacheControlOf(src, { 'if-none-match': first.etag! })).cacheControl).toBe(PRIVATE);
    }
  });

  it("lets shared caches keep a public account's photos and everyone's profile pictures for good", async () => {
    const agent = new Agent(t.app);
    const owner = await signUp(agent);
    const media = await postPhoto(agent, 'for everyone');
    expect(await cacheControlOf(media.display_url)).toMatchObject({ status: 200, cacheControl: PUBLIC });
    // Nothing a shared cache keeps carries a Set-Cookie (a first request would otherwise get a csrftoken).
    expect((await t.app.inject({ method: 'GET', url: media.display_url })).headers['set-cookie']).toBeUndefined();

    await makePrivate(t.db, owner.id);
    const picture = multipart({}, { field: 'profile_pic', name: 'me.jpg', type: 'image/jpeg', data: await makeJpeg(200, 200) });
    const changed = await agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: picture.payload, contentType: picture.contentType });
    expect(changed.status).toBe(200);
    const me = (await agent.get('/data/shared_data/')).body.config.viewer;
    expect(await cacheControlOf(me.profile_pic_url)).toMatchObject({ status: 200, cacheControl: PUBLIC });
  });

  it('keeps files whose key names no owner out of shared caches', async () => {
    await t.storage.put('p/AbCdEfGhIjKl/150.jpg', await makeJpeg(150, 100));
    expect(await cacheControlOf('/media/p/AbCdEfGhIjKl/150.jpg')).toMatchObject({ status: 200, cacheControl: PRIVATE });
  });
});
