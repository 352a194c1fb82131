import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_HASHES } from '@shutter/contract';
import { Agent, signUp } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { makeVideo, uploadVideo } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const feedOf = async (agent: Agent) =>
  (await agent.get(`/graphql/query/?query_hash=${QUERY_HASHES.feed}&variables=${encodeURIComponent('{}')}`)).body.data.user.edge_web_feed_timeline.edges.map((e: { node: { id: string } }) => e.node);

describe(`feed videos (${databaseKind})`, () => {
  it('encodes in the background; the post is the owner\'s alone until it is ready, then everyone\'s', async () => {
    const owner = new Agent(t.app);
    const me = await signUp(owner);
    const fan = new Agent(t.app);
    const fanUser = await signUp(fan);
    await follow(t.db, fanUser.id, me.id);

    const { res, uploadId } = await uploadVideo(owner, makeVideo(1));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ upload_id: uploadId, kind: 'video', upload_status: 'processing', processing: true, status: 'ok' });
    const configured = await owner.post('/create/configure/', { upload_id: uploadId, caption: 'my clip' });
    expect(configured.status).toBe(200);
    const media = configured.body.media;
    expect(media.__typename).toBe('GraphVideo');

    let state = media.status;
    if (state === 'processing') {
      expect((await feedOf(fan)).map((n: { id: string }) => n.id)).not.toContain(media.id);
      expect((await feedOf(owner)).map((n: { id: string }) => n.id)).toContain(media.id);
    }
    for (let i = 0; i < 60 && state !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      state = (await owner.get(`/create/upload/${uploadId}/`)).body.upload_status;
    }
    expect(state).toBe('ready');
    const seen = (await feedOf(fan)).find((n: { id: string }) => n.id === media.id);
    expect(seen).toMatchObject({ status: 'ready', is_video: true, video_duration: expect.any(Number) });
    expect(seen.video_url).toMatch(/\/media\/v\/.+\/video\.mp4$/);
    expect(seen.display_resources.length).toBeGreaterThan(0);
    const file = await t.app.inject({ method: 'GET', url: seen.video_url });
    expect(file.statusCode).toBe(200);
    // faststart: the index (moov) comes before the data (mdat)
    expect(file.rawPayload.indexOf('moov')).toBeLessThan(file.rawPayload.indexOf('mdat'));
  }, 60_000);

  it('refuses a file that only looks like a video, and a photo sent as a video', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const real = makeVideo(1);
    const broken = Buffer.concat([real.subarray(0, 64), Buffer.alloc(2000, 7)]);
    const { res } = await uploadVideo(agent, broken);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077535', 'hex');
    expect((await uploadVideo(agent, png)).res.status).toBe(400);
  });
});
