import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAN_IN_MAX_FOLLOWS } from '../src/features/feed/repository.js';
import { shortcodeToId } from '../src/platform/shortcodes.js';
import { Agent, queryUrl, signUp } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { makeJpeg, multipart, newUploadId, postPhoto, uploadPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = queryUrl;
const count = async (table: 'uploads' | 'media' | 'media_items') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

async function person() {
  const agent = new Agent(t.app);
  const user = await signUp(agent);
  return { agent, user };
}

describe(`creating photo posts (${databaseKind})`, () => {
  it('uploads a photo and publishes it with caption, hashtags, mentions and alt text', async () => {
    const { agent, user } = await person();
    const friend = await person();
    const up = await uploadPhoto(agent, await makeJpeg(1200, 900));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ upload_id: up.uploadId, status: 'ok', upload_status: 'ready', kind: 'image', width: 1080, height: 810 });
    const res = await agent.post('/create/configure/', {
      upload_id: up.uploadId,
      caption: `Golden hour with @${friend.user.username} #Sunset #sunset #beach`,
      custom_accessibility_caption: 'A beach at sunset',
      location: 'Lisbon, Portugal',
    });
    expect(res.status).toBe(200);
    const media = res.body.media;
    expect(media).toMatchObject({ __typename: 'GraphImage', owner: { id: user.id }, is_video: false, status: 'ready', accessibility_caption: 'A beach at sunset', location: { name: 'Lisbon, Portugal', slug: 'lisbon-portugal' } });
    expect(shortcodeToId(media.shortcode)).toBe(media.id);
    expect(media.display_resources.map((r: { config_width: number }) => r.config_width)).toEqual([150, 240, 320, 480, 640, 750, 1080]);
    expect(media.thumbhash).toMatch(/^[A-Za-z0-9+/=]+$/);
    const tags = await t.db.selectFrom('media_hashtags').select('tag').where('media_id', '=', media.id).execute();
    expect(tags.map((r) => r.tag).sort()).toEqual(['beach', 'sunset']);
    const mentions = await t.db.selectFrom('media_mentions').select('user_id').where('media_id', '=', media.id).execute();
    expect(mentions.map((r) => r.user_id)).toEqual([friend.user.id]);
    const file = await agent.get(media.display_url);
    expect(file.status).toBe(200);
  });

  it('the same upload id twice stores one upload; configuring it twice makes one post', async () => {
    const { agent } = await person();
    const uploadId = newUploadId();
    const a = await uploadPhoto(agent, await makeJpeg(), uploadId);
    const b = await uploadPhoto(agent, await makeJpeg(300, 300), uploadId);
    expect(b.body).toEqual(a.body);
    const before = await count('media');
    const first = await agent.post('/create/configure/', { upload_id: uploadId, caption: 'once' });
    const second = await agent.post('/create/configure/', { upload_id: uploadId, caption: 'once' });
    expect(second.body.media.id).toBe(first.body.media.id);
    expect(await count('media')).toBe(before + 1);
  });

  it("a photo's GPS position and other metadata never reach other people; orientation is applied", async () => {
    const { agent } = await person();
    const input = await makeJpeg(600, 400, { gps: true, orientation: 6 });
    expect((await sharp(input).metadata()).exif?.includes(Buffer.from('TestCam'))).toBe(true);
    const up = await uploadPhoto(agent, input);
    const media = (await agent.post('/create/configure/', { upload_id: up.uploadId })).body.media;
    // turned upright (portrait), then cropped to the tallest allowed shape, 4:5
    expect(media.dimensions).toEqual({ width: 400, height: 500 });
    for (const r of media.display_resources) {
      const res = await t.app.inject({ method: 'GET', url: r.src });
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(res.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('refuses what is not a photo by its bytes, damaged files, decompression bombs and files over 30 MB, storing nothing', async () => {
    const { agent } = await person();
    const before = await count('uploads');
    const send = (data: Buffer, name = 'photo.jpg') => {
      const body = multipart({ upload_id: newUploadId() }, { field: 'photo', name, type: 'image/jpeg', data });
      return agent.request('POST', '/create/upload/photo/', { rawBuffer: body.payload, contentType: body.contentType });
    };
    const text = await send(Buffer.from('just some text, not a picture at all'.repeat(10)));
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/isn't a photo or video/);
    const jpeg = await makeJpeg(900, 900);
    const truncated = await send(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.status).toBe(400);
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const big = await send(bomb, 'bomb.png');
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/50 megapixels/);
    const huge = await send(Buffer.concat([jpeg, Buffer.alloc(31 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/30 MB/);
    expect(await count('uploads')).toBe(before);
  });

  it('refuses captions over 2,200 characters, more than 30 hashtags or 20 people tags, with nothing written', async () => {
    const { agent } = await person();
    const up = await uploadPhoto(agent);
    const before = await count('media');
    const long = await agent.post('/create/configure/', { upload_id: up.uploadId, caption: 'x'.repeat(2201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/2,200/);
    const tags = await agent.post('/create/configure/', { upload_id: up.uploadId, caption: Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ') });
    expect(tags.status).toBe(400);
    expect(tags.body.message).toMatch(/30 hashtags/);
    const people = Array.from({ length: 21 }, () => ({ user_id: '1', position: [0.5, 0.5] }));
    const tagged = await agent.post('/create/configure/', { upload_id: up.uploadId, usertags: JSON.stringify(people) });
    expect(tagged.status).toBe(400);
    expect(tagged.body.message).toMatch(/20 people/);
    const ghost = await agent.post('/create/configure/', { upload_id: up.uploadId, usertags: JSON.stringify([{ user_id: '999', position: [0.1, 0.2] }]) });
    expect(ghost.status).toBe(400);
    expect(await count('media')).toBe(before);
    const ok = await agent.post('/create/configure/', { upload_id: up.uploadId, caption: 'x'.repeat(2200) });
    expect(ok.status).toBe(200);
  });

  it('tags people on a photo at a position', async () => {
    const { agent } = await person();
    const friend = await person();
    const up = await uploadPhoto(agent);
    const res = await agent.post('/create/configure/', { upload_id: up.uploadId, usertags: JSON.stringify([{ user_id: friend.user.id, position: [0.25, 0.75] }]) });
    expect(res.body.media.edge_media_to_tagged_user.edges).toEqual([{ node: { user: { id: friend.user.id, username: friend.user.username, full_name: friend.user.first_name }, x: 0.25, y: 0.75 } }]);
  });

  it('publishes 2 to 10 photos as a carousel, and refuses 1 or 11', async () => {
    const { agent } = await person();
    const ups = [];
    for (let i = 0; i < 3; i++) ups.push((await uploadPhoto(agent)).uploadId);
    const res = await agent.post('/create/configure_sidecar/', { caption: 'three', children_metadata: JSON.stringify(ups.map((upload_id, i) => ({ upload_id, custom_accessibility_caption: `photo ${i}` }))) });
    expect(res.status).toBe(200);
    expect(res.body.media.__typename).toBe('GraphSidecar');
    expect(res.body.media.edge_sidecar_to_children.edges.map((e: { node: { accessibility_caption: string } }) => e.node.accessibility_caption)).toEqual(['photo 0', 'photo 1', 'photo 2']);
    const one = await agent.post('/create/configure_sidecar/', { children_metadata: JSON.stringify([{ upload_id: newUploadId() }]) });
    expect(one.status).toBe(400);
    const eleven = await agent.post('/create/configure_sidecar/', { children_metadata: JSON.stringify(Array.from({ length: 11 }, () => ({ upload_id: newUploadId() }))) });
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toMatch(/2 to 10/);
  });

  it('needs a session and never lets one person publish or see the upload of another', async () => {
    const { agent } = await person();
    const up = await uploadPhoto(agent);
    const anon = await new Agent(t.app).post('/create/configure/', { upload_id: up.uploadId });
    expect(anon.status).toBe(401);
    const other = await person();
    const stolen = await other.agent.post('/create/configure/', { upload_id: up.uploadId });
    expect(stolen.status).toBe(400);
    expect((await other.agent.get(`/create/upload/${up.uploadId}/`)).status).toBe(404);
  });
});

describe(`the home feed (${databaseKind})`, () => {
  it('shows the posts of followed accounts and the own ones, newest first, keyset-paginated', async () => {
    const viewer = await person();
    const a = await person();
    const b = await person();
    const stranger = await person();
    await follow(t.db, viewer.user.id, a.user.id);
    await follow(t.db, viewer.user.id, b.user.id);
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      made.push((await postPhoto(a.agent, `a${i}`)).id, (await postPhoto(b.agent, `b${i}`)).id);
    }
    made.push((await postPhoto(viewer.agent, 'mine')).id);
    await postPhoto(stranger.agent, 'not followed');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await viewer.agent.get(q('feed', { has_threaded_comments: true, fetch_media_item_count: 4, fetch_media_item_cursor: cursor }));
      expect(res.status).toBe(200);
      const timeline = res.body.data.user.edge_web_feed_timeline;
      seen.push(...timeline.edges.map((e: { node: { id: string } }) => e.node.id));
      cursor = timeline.page_info.has_next_page ? timeline.page_info.end_cursor : null;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it(`a viewer following more than ${FAN_IN_MAX_FOLLOWS} accounts gets the same feed by the other plan`, async () => {
    const viewer = await person();
    const a = await person();
    const b = await person();
    await follow(t.db, viewer.user.id, a.user.id);
    await follow(t.db, viewer.user.id, b.user.id);
    const made = [(await postPhoto(a.agent, 'one')).id, (await postPhoto(b.agent, 'two')).id, (await postPhoto(viewer.agent, 'mine')).id, (await postPhoto(a.agent, 'three')).id];
    const quiet = Array.from({ length: FAN_IN_MAX_FOLLOWS }, (_, i) => ({
      id: `${9000000000 + i}${Math.floor(Math.random() * 1e6)}`.slice(0, 18), username: `quiet${i}_${viewer.user.id.slice(-6)}`, email: `q${i}_${viewer.user.id}@example.net`, password_hash: 'x',
    })).map((u) => ({ ...u, username_lower: u.username, email_lower: u.email }));
    await t.db.insertInto('users').values(quiet).execute();
    for (const u of quiet) await follow(t.db, viewer.user.id, u.id);
    const pageOne = (await viewer.agent.get(q('feed', { fetch_media_item_count: 3 }))).body.data.user.edge_web_feed_timeline;
    const pageTwo = (await viewer.agent.get(q('feed', { fetch_media_item_count: 3, fetch_media_item_cursor: pageOne.page_info.end_cursor }))).body.data.user.edge_web_feed_timeline;
    expect([...pageOne.edges, ...pageTwo.edges].map((e: { node: { id: string } }) => e.node.id)).toEqual([...made].reverse());
    expect(pageTwo.page_info.has_next_page).toBe(false);
  });

  it('a new account gets an empty feed, and a logged-out visitor a 401', async () => {
    const { agent } = await person();
    const res = await agent.get(q('feed', {}));
    expect(res.body.data.user.edge_web_feed_timeline).toEqual({ edges: [], page_info: { has_next_page: false, end_cursor: null } });
    expect((await new Agent(t.app).get(q('feed', {}))).status).toBe(401);
  });

  it('R-000-likes-3: the social context shows up to 3 followed likers, never the viewer', async () => {
    const owner = await person();
    const viewer = await person();
    await follow(t.db, viewer.user.id, owner.user.id);
    const media = await postPhoto(owner.agent, 'liked a lot');
    const likers = [];
    for (let i = 0; i < 5; i++) {
      const p = await person();
      likers.push(p);
      if (i < 4) await follow(t.db, viewer.user.id, p.user.id);
      await p.agent.post(`/web/likes/${media.id}/like/`);
    }
    await viewer.agent.post(`/web/likes/${media.id}/like/`);
    const node = (await viewer.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges[0].node;
    expect(node.edge_media_preview_like.count).toBe(6);
    const shown = node.edge_media_preview_like.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(shown).toHaveLength(3);
    expect(shown).not.toContain(viewer.user.id);
    expect(shown).not.toContain(likers[4]!.user.id);
    expect(shown).toEqual([likers[3]!.user.id, likers[2]!.user.id, likers[1]!.user.id]);
    expect(node.viewer_has_liked).toBe(true);
  });
});
