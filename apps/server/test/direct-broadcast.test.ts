import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_LINK_URLS_MAX, DIRECT_REACTION_EMOJI_MAX_LENGTH, DIRECT_SEND_LIMIT, DIRECT_TEXT_MAX_LENGTH } from '@shutter/contract';
import { createBroadcastRepository } from '../src/features/direct/broadcast.repository.js';
import { createDirectPhotos, DIRECT_UPLOAD_TTL_MS } from '../src/features/direct/direct-photo.js';
import type { Direct } from '../src/features/direct/service.js';
import { MAX_PHOTO_BYTES } from '../src/platform/media/index.js';
import { createIdGenerator } from '../src/platform/ids.js';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow, makePrivate } from './helpers/graph.js';
import { addCloseFriend, insertStory } from './helpers/stories.js';
import { makeJpeg, makeVideo, multipart, postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const PUBLIC_URL = 'https://shutter.test';
const BROADCAST = '/direct_v2/web/threads/broadcast';

let t: TestApp;
let direct: Direct;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  direct = directOver(t).direct;
});
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
let tokens = 0;
const newToken = () => `tok-${Date.now()}-${(tokens += 1)}`;

/** A thread the first person starts with the others (one-to-one with one, a group with more). */
const threadOf = async (starter: Person, ...others: Person[]) => (await direct.createThread(starter.user.id, others.map((o) => o.user.id))).threadId;
const itemsOf = (threadId: string) => t.db.selectFrom('direct_items').selectAll().where('thread_id', '=', threadId).where('item_type', '<>', 'action_log').execute();
const uploadsOf = (userId: string) => t.db.selectFrom('direct_uploads').selectAll().where('user_id', '=', userId).execute();

/** The message photo files stored for a sender. */
function photoFilesOf(userId: string): string[] {
  const dir = path.join(t.dataDir, 'media', 'd', userId);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function upload(agent: Agent, fields: Record<string, string>, data?: Buffer, type = 'image/jpeg') {
  const body = multipart(fields, data === undefined ? undefined : { field: 'photo', name: 'photo.jpg', type, data });
  return agent.request('POST', `${BROADCAST}/upload_photo/`, { rawBuffer: body.payload, contentType: body.contentType });
}

const configure = (agent: Agent, threadId: string, uploadId: string, token: string) => agent.post(`${BROADCAST}/configure_photo/`, {
  action: 'send_item', allow_full_aspect_ratio: 'true', content_type: 'photo', mutation_token: token, sampled: 'true', thread_id: threadId, upload_id: uploadId,
});

const sendLink = (agent: Agent, threadId: string, text: string, urls: unknown, token = newToken()) => agent.post(`${BROADCAST}/link/`, {
  link_text: text, link_urls: typeof urls === 'string' ? urls : JSON.stringify(urls), mutation_token: token, thread_id: threadId, action: 'send_item', client_context: token,
});

describe(`direct photos (${databaseKind})`, () => {
  it('R-002-direct-api-7 R-002-direct-7 R-002-direct-8: a photo goes up as photo and thread_id, then configure_photo sends it with its mutation token and answers the stored item', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const up = await upload(alice.agent, { thread_id: thread }, await makeJpeg(900, 600, { gps: true }));
    expect(up.status, up.text).toBe(200);
    expect(up.body).toEqual({ upload_id: expect.stringMatching(/^\d+$/), status: 'ok' });
    const files = photoFilesOf(alice.user.id);
    expect(files.length).toBeGreaterThan(0);
    // The stored photo carries no metadata (the GPS position is gone).
    expect((await sharp(fs.readFileSync(files[0]!)).metadata()).exif).toBeUndefined();
    expect(await itemsOf(thread)).toHaveLength(0);

    const token = newToken();
    const sent = await configure(alice.agent, thread, up.body.upload_id, token);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ thread_id: thread, status: 'ok', item: { item_type: 'media', user_id: alice.user.id, client_context: token } });
    const media = sent.body.item.media;
    expect(media).toMatchObject({ media_type: 1, original_width: 900, original_height: 600 });
    expect(media.image_versions2.candidates[0]).toMatchObject({ width: 900, height: 600, url: expect.stringMatching(new RegExp(`^/media/d/${alice.user.id}/`)) });
    expect(media).not.toHaveProperty('keys');

    // The other member reads the same item; the token is the sender's alone.
    const seen = await direct.thread(bob.user.id, thread, { limit: 20 });
    expect(seen.items[0]).toMatchObject({ item_id: sent.body.item.item_id, item_type: 'media', client_context: null, media });
    const served = await alice.agent.get(media.image_versions2.candidates[0].url);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^private/);
  });

  it('configure_photo is idempotent by mutation_token, and one upload is never sent twice', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const up = await upload(alice.agent, { thread_id: thread }, await makeJpeg(300, 300));
    const token = newToken();
    const first = await configure(alice.agent, thread, up.body.upload_id, token);
    expect(first.status, first.text).toBe(200);
    // The retry is a JSON body this time: the same item, nothing new.
    const retry = await alice.agent.postJson(`${BROADCAST}/configure_photo/`, { mutation_token: token, thread_id: thread, upload_id: up.body.upload_id });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.item.item_id).toBe(first.body.item.item_id);
    const again = await configure(alice.agent, thread, up.body.upload_id, newToken());
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ status: 'fail', code: 'direct_upload_not_found' });
    expect(await itemsOf(thread)).toHaveLength(1);
  });

  it('R-002-direct-26: a photo that cannot be sent leaves nothing stored: not an image, a video, a damaged or oversized file, too many pixels, no thread', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const jpeg = await makeJpeg(200, 200);
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const cases: [string, Record<string, string>, Buffer | undefined, number][] = [
      ['text', { thread_id: thread }, Buffer.from('hello, this is not a photo at all'), 400],
      ['html', { thread_id: thread }, Buffer.from('<html><script>alert(1)</script></html>'), 400],
      ['video', { thread_id: thread }, makeVideo(1), 400],
      ['truncated', { thread_id: thread }, jpeg.subarray(0, 200), 400],
      ['too many pixels', { thread_id: thread }, bomb, 400],
      ['too large', { thread_id: thread }, Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]), 413],
      ['no file', { thread_id: thread }, undefined, 400],
      ['no thread', {}, jpeg, 400],
      ['not an id', { thread_id: 'abc' }, jpeg, 400],
      ['unknown thread', { thread_id: '123456789' }, jpeg, 404],
    ];
    for (const [what, fields, data, status] of cases) {
      const res = await upload(alice.agent, fields, data);
      expect(res.status, what).toBe(status);
      expect(res.body.status, what).toBe('fail');
    }
    expect(photoFilesOf(alice.user.id)).toEqual([]);
    expect(await uploadsOf(alice.user.id)).toEqual([]);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads'))).toEqual([]);
    expect(await itemsOf(thread)).toHaveLength(0);
  });

  it('an upload from outside the thread, logged out, without the csrf token or across a block is refused and stores nothing', async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const thread = await threadOf(alice, bob);
    const jpeg = await makeJpeg(200, 200);
    const stranger = await upload(carol.agent, { thread_id: thread }, jpeg);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('thread_not_found');
    expect((await upload(new Agent(t.app), { thread_id: thread }, jpeg)).status).toBe(401);
    const body = multipart({ thread_id: thread }, { field: 'photo', name: 'p.jpg', type: 'image/jpeg', data: jpeg });
    expect((await alice.agent.request('POST', `${BROADCAST}/upload_photo/`, { rawBuffer: body.payload, contentType: body.contentType, csrf: false })).status).toBe(403);
    expect((await bob.agent.post(`/web/friendships/${alice.user.id}/block/`)).status).toBe(200);
    const blocked = await upload(alice.agent, { thread_id: thread }, jpeg);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('direct_cannot_message');
    for (const p of [alice, carol]) {
      expect(photoFilesOf(p.user.id)).toEqual([]);
      expect(await uploadsOf(p.user.id)).toEqual([]);
    }
  });

  it("configure_photo refuses another person's upload, another thread's and a stranger's send; the upload stays its owner's to send", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const thread = await threadOf(alice, bob);
    const other = await threadOf(alice, carol);
    const up = await upload(alice.agent, { thread_id: thread }, await makeJpeg(200, 200));
    const attempts = [
      await configure(bob.agent, thread, up.body.upload_id, newToken()),
      await configure(alice.agent, other, up.body.upload_id, newToken()),
      await configure(carol.agent, thread, up.body.upload_id, newToken()),
      await configure(alice.agent, thread, '987654321', newToken()),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body.status).toBe('fail');
    }
    const bads: Record<string, string>[] = [{ upload_id: 'x' }, { thread_id: '' }, { mutation_token: '' }, { mutation_token: 'a b' }, { content_type: 'video' }];
    for (const bad of bads) {
      const res = await alice.agent.post(`${BROADCAST}/configure_photo/`, { mutation_token: newToken(), thread_id: thread, upload_id: up.body.upload_id, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await itemsOf(thread)).toHaveLength(0);
    expect(await itemsOf(other)).toHaveLength(0);
    expect((await configure(alice.agent, thread, up.body.upload_id, newToken())).status).toBe(200);
  });

  it('a send refused by a block gives the upload back: nothing is stored, and once unblocked the same send goes', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const up = await upload(alice.agent, { thread_id: thread }, await makeJpeg(200, 200));
    await bob.agent.post(`/web/friendships/${alice.user.id}/block/`);
    const token = newToken();
    const refused = await configure(alice.agent, thread, up.body.upload_id, token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('direct_cannot_message');
    expect(await itemsOf(thread)).toHaveLength(0);
    await bob.agent.post(`/web/friendships/${alice.user.id}/unblock/`);
    const sent = await configure(alice.agent, thread, up.body.upload_id, token);
    expect(sent.status, sent.text).toBe(200);
    expect(await itemsOf(thread)).toHaveLength(1);
  });

  it('an unsent photo message takes its files with it', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const up = await upload(alice.agent, { thread_id: thread }, await makeJpeg(200, 200));
    const sent = await configure(alice.agent, thread, up.body.upload_id, newToken());
    expect(photoFilesOf(alice.user.id).length).toBeGreaterThan(0);
    expect((await bob.agent.post(`/direct_v2/web/threads/${thread}/items/${sent.body.item.item_id}/delete/`)).status).toBe(403);
    expect(photoFilesOf(alice.user.id).length).toBeGreaterThan(0);
    const removed = await alice.agent.post(`/direct_v2/web/threads/${thread}/items/${sent.body.item.item_id}/delete/`);
    expect(removed.status, removed.text).toBe(200);
    expect(photoFilesOf(alice.user.id)).toEqual([]);
  });

  it('photos not sent within the hour go with their files; sent photos keep theirs', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const kept = await upload(alice.agent, { thread_id: thread }, await makeJpeg(200, 200));
    expect((await configure(alice.agent, thread, kept.body.upload_id, newToken())).status).toBe(200);
    const sentFiles = photoFilesOf(alice.user.id);
    const unsent = await upload(alice.agent, { thread_id: thread }, await makeJpeg(200, 200));
    expect(photoFilesOf(alice.user.id).length).toBeGreaterThan(sentFiles.length);

    const photos = createDirectPhotos(createBroadcastRepository(t.db), t.storage, createIdGenerator(4003));
    expect(await photos.purgeExpired(Date.now())).toBe(0);
    expect(await photos.purgeExpired(Date.now() + DIRECT_UPLOAD_TTL_MS + 60_000)).toBeGreaterThanOrEqual(2);
    expect(await uploadsOf(alice.user.id)).toEqual([]);
    expect(photoFilesOf(alice.user.id).sort()).toEqual(sentFiles.sort());
    const late = await configure(alice.agent, thread, unsent.body.upload_id, newToken());
    expect(late.status).toBe(404);
    expect(late.body.code).toBe('direct_upload_not_found');
  });
});

describe(`direct links (${databaseKind})`, () => {
  it("R-002-direct-api-13: a link goes with link_text, link_urls, mutation_token, thread_id, action and client_context; another site's link shows its host and is never fetched", async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const hits: string[] = [];
    const site = http.createServer((req, res) => { hits.push(req.url ?? ''); res.end('<title>Fetched</title>'); });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/page?q=1`;
      const token = newToken();
      const res = await sendLink(alice.agent, thread, `look ${url}`, [url], token);
      expect(res.status, res.text).toBe(200);
      expect(res.body.item).toMatchObject({
        item_type: 'link', client_context: token, text: `look ${url}`,
        link: { text: `look ${url}`, link_context: { link_url: url, link_title: '127.0.0.1', link_summary: null, link_image_url: null } },
      });
      expect(hits).toEqual([]);
      const again = await sendLink(alice.agent, thread, `look ${url}`, [url], token);
      expect(again.body.item.item_id).toBe(res.body.item.item_id);
      expect(await itemsOf(thread)).toHaveLength(1);
      const seen = await direct.thread(bob.user.id, thread, { limit: 20 });
      expect(seen.items[0]!.link).toEqual(res.body.item.link);
    } finally {
      site.close();
    }
  });

  it("a link to this service's post or profile shows what its page shows anyone; a private account's post shows only its address", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const thread = await threadOf(alice, bob);
    const post = await postPhoto(bob.agent, 'Sunset over the bay');
    const postUrl = `${PUBLIC_URL}/p/${post.shortcode}/`;
    const shown = await sendLink(alice.agent, thread, postUrl, [postUrl]);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.item.link.link_context).toEqual({
      link_url: postUrl, link_title: `Test user (@${bob.user.username}) on Shutter`, link_summary: 'Sunset over the bay',
      link_image_url: expect.stringMatching(new RegExp(`^/media/p/${bob.user.id}/`)),
    });

    const hidden = await postPhoto(carol.agent, 'only for my followers');
    await makePrivate(t.db, carol.user.id);
    await follow(t.db, alice.user.id, carol.user.id);
    const hiddenUrl = `${PUBLIC_URL}/p/${hidden.shortcode}/`;
    const plain = await sendLink(alice.agent, thread, hiddenUrl, [hiddenUrl]);
    expect(plain.body.item.link.link_context).toEqual({ link_url: hiddenUrl, link_title: 'shutter.test', link_summary: null, link_image_url: null });

    const profileUrl = `${PUBLIC_URL}/${carol.user.username}/`;
    const profile = await sendLink(alice.agent, thread, profileUrl, [profileUrl]);
    expect(profile.body.item.link.link_context).toMatchObject({ link_url: profileUrl, link_title: `Test user (@${carol.user.username})`, link_image_url: null });

    // Someone who blocked the sender is not there for them.
    await carol.agent.post(`/web/friendships/${alice.user.id}/block/`);
    const gone = await sendLink(alice.agent, thread, profileUrl, [profileUrl]);
    expect(gone.body.item.link.link_context.link_title).toBe('shutter.test');
  });

  it('links that are not http or https, a list that is not JSON, too many links, or a bad text are refused and nothing is sent', async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const thread = await threadOf(alice, bob);
    const ok = 'https://example.org/';
    const cases: [string, string, unknown][] = [
      ['javascript', 'x', ['javascript:alert(1)']],
      ['data', 'x', ['data:text/html,<b>hi</b>']],
      ['file', 'x', ['file:///etc/passwd']],
      ['no scheme', 'x', ['example.org']],
      ['credentials', 'x', ['https://bank.example@evil.example/']],
      ['not JSON', 'x', '[https://example.org/'],
      ['not a list', 'x', '{"a":1}'],
      ['not strings', 'x', '[1,2]'],
      ['empty list', 'x', []],
      ['too many', 'x', Array.from({ length: DIRECT_LINK_URLS_MAX + 1 }, (_, i) => `https://example.org/${i}`)],
      ['empty text', '   ', [ok]],
      ['long text', 'x'.repeat(DIRECT_TEXT_MAX_LENGTH + 1), [ok]],
    ];
    for (const [what, text, urls] of cases) {
      const res = await sendLink(alice.agent, thread, text, urls);
      expect(res.status, what).toBe(400);
      expect(res.body.status, what).toBe('fail');
    }
    expect((await sendLink(alice.agent, thread, 'x', Array.from({ length: DIRECT_LINK_URLS_MAX }, (_, i) => `https://example.org/${i}`))).status).toBe(200);
    expect(await itemsOf(thread)).toHaveLength(1);
    const stranger = await sendLink(carol.agent, thread, ok, [ok]);
    expect(stranger.status).toBe(404);
    expect((await sendLink(new Agent(t.app), thread, ok, [ok])).status).toBe(401);
    expect(await itemsOf(thread)).toHaveLength(1);
  });
});

describe(`direct story replies and shares (${databaseKind})`, () => {
  const reelShare = (agent: Agent, fields: Record<string, string>) => agent.post(`${BROADCAST}/reel_share/`, { action: 'send_item', client_context: newToken(), ...fields });
  const reelReact = (agent: Agent, fields: Record<string, string>) => agent.post(`${BROADCAST}/reel_react/`, { action: 'send_item', client_context: newToken(), ...fields });

  it('R-002-direct-api-12: a story reply posts reel_id, media_id, thread_id, text, action and client_context; a story share posts reel_id, story_media_id, thread_id, action and client_context', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const [first, second] = [(await insertStory(t, bob.user.id)).id, (await insertStory(t, bob.user.id)).id];
    const token = newToken();
    const reply = await alice.agent.post(`${BROADCAST}/reel_share/`, { reel_id: bob.user.id, media_id: first, thread_id: thread, text: 'so good', action: 'send_item', client_context: token });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      thread_id: thread,
      item: { item_type: 'reel_share', client_context: token, reel_share: { reel_id: bob.user.id, media_id: first, text: 'so good', reaction_emoji: null, owner: { id: bob.user.id } } },
    });
    const again = await alice.agent.post(`${BROADCAST}/reel_share/`, { reel_id: bob.user.id, media_id: first, thread_id: thread, text: 'so good', action: 'send_item', client_context: token });
    expect(again.body.item.item_id).toBe(reply.body.item.item_id);

    const share = await alice.agent.post(`${BROADCAST}/story_share/`, { reel_id: bob.user.id, story_media_id: second, thread_id: thread, action: 'send_item', client_context: newToken() });
    expect(share.status, share.text).toBe(200);
    expect(share.body.item).toMatchObject({ item_type: 'story_share', story_share: { reel_id: bob.user.id, media_id: second } });
    expect(await itemsOf(thread)).toHaveLength(2);
  });

  it('R-002-direct-api-13: a story reaction posts reel_id, media_id, thread_id, reaction_emoji, action and client_context; without a thread, replies and reactions go to the one-to-one thread with the owner', async () => {
    const [alice, bob] = [await person(), await person()];
    const story = (await insertStory(t, bob.user.id)).id;
    const react = await reelReact(alice.agent, { reel_id: bob.user.id, media_id: story, reaction_emoji: '🔥' });
    expect(react.status, react.text).toBe(200);
    expect(react.body.item).toMatchObject({ item_type: 'reel_react', reel_share: { reel_id: bob.user.id, media_id: story, reaction_emoji: '🔥' } });
    const thread = react.body.thread_id;
    const reply = await reelShare(alice.agent, { reel_id: bob.user.id, media_id: story, thread_id: '', text: 'nice' });
    expect(reply.body.thread_id).toBe(thread);
    expect(await itemsOf(thread)).toHaveLength(2);
    expect((await direct.thread(bob.user.id, thread, { limit: 5 })).users.map((u) => u.pk)).toEqual([alice.user.id]);
    for (const emoji of ['👍🏽', '🇫🇷', '❤️', '👨‍👩‍👧']) {
      const res = await reelReact(alice.agent, { reel_id: bob.user.id, media_id: story, thread_id: thread, reaction_emoji: emoji });
      expect(res.status, emoji).toBe(200);
    }
    // One's own story needs a thread to go to.
    const own = (await insertStory(t, alice.user.id)).id;
    expect((await reelReact(alice.agent, { reel_id: alice.user.id, media_id: own, reaction_emoji: '🔥' })).status).toBe(400);
  });

  it('a reaction that is not one emoji, or longer than DIRECT_REACTION_EMOJI_MAX_LENGTH, is refused', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    for (const emoji of ['', 'a', 'ok', '🔥🔥', '1', '<', '🔥'.repeat(DIRECT_REACTION_EMOJI_MAX_LENGTH), 'x'.repeat(DIRECT_REACTION_EMOJI_MAX_LENGTH + 1)]) {
      const res = await reelReact(alice.agent, { reel_id: bob.user.id, media_id: '77', thread_id: thread, reaction_emoji: emoji });
      expect(res.status, emoji).toBe(400);
    }
    const bads: Record<string, string>[] = [{ reel_id: 'bob' }, { media_id: '' }, { thread_id: 'x' }, { client_context: 'a b' }, { action: 'delete' }];
    for (const bad of bads) {
      const res = await reelReact(alice.agent, { reel_id: bob.user.id, media_id: '77', thread_id: thread, reaction_emoji: '🔥', ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await itemsOf(thread)).toHaveLength(0);
  });

  it("a story the sender may not see is neither replied to nor shared: 404 when unknown, gone, for close friends only or its owner blocks them, 403 when private", async () => {
    const [alice, bob, carol, dan] = [await person(), await person(), await person(), await person()];
    const thread = await threadOf(alice, bob);
    await makePrivate(t.db, carol.user.id);
    await dan.agent.post(`/web/friendships/${alice.user.id}/block/`);
    const cases: [string, string, number][] = [['unknown', '123456789', 404], ['private', carol.user.id, 403], ['blocking', dan.user.id, 404]];
    for (const [what, reel, status] of cases) {
      expect((await reelShare(alice.agent, { reel_id: reel, media_id: '1', thread_id: thread, text: 'hi' })).status, what).toBe(status);
      expect((await reelReact(alice.agent, { reel_id: reel, media_id: '1', thread_id: thread, reaction_emoji: '🔥' })).status, what).toBe(status);
      expect((await alice.agent.post(`${BROADCAST}/story_share/`, { reel_id: reel, story_media_id: '1', thread_id: thread })).status, what).toBe(status);
      expect((await reelReact(alice.agent, { reel_id: reel, media_id: '1', reaction_emoji: '🔥' })).status, what).toBe(status);
    }
    // A story that is not there for the sender: unknown, expired, another's, or for close friends only.
    const expired = await insertStory(t, bob.user.id, { takenAt: new Date(Date.now() - 2 * 86_400_000), expiringAt: new Date(Date.now() - 86_400_000) });
    const besties = await insertStory(t, bob.user.id, { audience: 'besties' });
    const carols = await insertStory(t, carol.user.id);
    for (const [what, media] of [['unknown', '999999999'], ['expired', expired.id], ['besties', besties.id], ["another's", carols.id]] as const) {
      expect((await reelShare(alice.agent, { reel_id: bob.user.id, media_id: media, thread_id: thread, text: 'hi' })).status, what).toBe(404);
      expect((await alice.agent.post(`${BROADCAST}/story_share/`, { reel_id: bob.user.id, story_media_id: media, thread_id: thread })).status, what).toBe(404);
    }
    await addCloseFriend(t.db, bob.user.id, alice.user.id);
    expect((await reelShare(alice.agent, { reel_id: bob.user.id, media_id: besties.id, thread_id: thread, text: 'hi' })).status).toBe(200);
    await t.db.deleteFrom('direct_items').where('thread_id', '=', thread).execute();
    // A thread the sender is not in is not theirs to write in, whoever's story it is.
    const stranger = await person();
    const bobs = (await insertStory(t, bob.user.id)).id;
    expect((await reelShare(stranger.agent, { reel_id: bob.user.id, media_id: bobs, thread_id: thread, text: 'hi' })).status).toBe(404);
    expect((await reelShare(new Agent(t.app), { reel_id: bob.user.id, media_id: '1', thread_id: thread, text: 'hi' })).status).toBe(401);
    expect(await itemsOf(thread)).toHaveLength(0);
    expect(await t.db.selectFrom('direct_members').select('thread_id').where('user_id', 'in', [carol.user.id, dan.user.id]).execute()).toEqual([]);
  });

  it('every broadcast counts against the per-account DIRECT_SEND_LIMIT', async () => {
    const [alice, bob] = [await person(), await person()];
    const thread = await threadOf(alice, bob);
    const strangers = await threadOf(bob, await person());
    // Refused sends count too: the budget is per attempt.
    for (let i = 0; i < DIRECT_SEND_LIMIT.max; i += 1) expect((await sendLink(alice.agent, strangers, 'x', ['https://example.org/'])).status).toBe(404);
    const limited = await reelShare(alice.agent, { reel_id: bob.user.id, media_id: '1', thread_id: thread, text: 'hi' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await sendLink(bob.agent, thread, 'x', ['https://example.org/'])).status).toBe(200);
  });
});
