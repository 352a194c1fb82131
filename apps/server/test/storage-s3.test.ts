import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { QUERY_HASHES } from '@shutter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/platform/storage-s3.js';
import { Agent, signUp } from './helpers/agent.js';
import { makeVideo, multipart, newUploadId, postPhoto } from './helpers/media.js';
import { startS3, type TestS3 } from './helpers/s3.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let s3: TestS3;
let t: TestApp;
let bucket: S3Client;
let cacheDir: string;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ s3: s3.config });
  const { endpoint, region, accessKeyId, secretAccessKey } = s3.config;
  bucket = new S3Client({ endpoint, region, forcePathStyle: true, credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! } });
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-s3-cache-'));
});
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  await s3?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

/** The object's bytes as the bucket holds them, or undefined when it has none under that key. */
async function inBucket(key: string): Promise<Buffer | undefined> {
  try {
    const object = await bucket.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe(`media in an S3 bucket (${databaseKind})`, () => {
  it('a posted photo goes to the bucket, and /media/ serves its sizes from there until the post is deleted', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const media = await postPhoto(agent, 'in the bucket');
    const urls: string[] = media.display_resources.map((r: { src: string }) => r.src);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/p\/\d+\/[\w-]+\/\d+\.jpg$/);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const stored = await inBucket(keyOf(url));
      expect(stored?.equals(res.rawPayload)).toBe(true);
      const width = Number(url.match(/(\d+)\.jpg$/)![1]);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width);
    }

    const deleted = await agent.post(`/create/${media.id}/delete/`);
    expect(deleted.body).toEqual({ did_delete: true, status: 'ok' });
    for (const url of urls) {
      expect(await inBucket(keyOf(url))).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('answers ranges, HEAD and revalidation; a missing or malformed key is 404', async () => {
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
    await t.storage.put('p/rangetest/64.jpg', data);

    const part = await t.app.inject({ method: 'GET', url: '/media/p/rangetest/64.jpg', headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(0, 10))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: '/media/p/rangetest/64.jpg', headers: { range: `bytes=${data.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${data.length}`);

    const head = await t.app.inject({ method: 'HEAD', url: '/media/p/rangetest/64.jpg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(Number(head.headers['content-length'])).toBe(data.length);
    expect(head.rawPayload.length).toBe(0);

    const again = await t.app.inject({ method: 'GET', url: '/media/p/rangetest/64.jpg', headers: { 'if-none-match': String(head.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    for (const url of ['/media/p/nothing/150.jpg', '/media/p/%2E%2E/secret.jpg', '/media/p//150.jpg', '/media/p/%00.jpg', '/media/p/a%0Ab.jpg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/media/p/nothing/150.jpg' })).statusCode).toBe(404);
  });

  it('putFile uploads a spooled file whole and removes it; localPath hands back the bytes as a local file until the object goes', async () => {
    const storage = createS3Storage({ ...s3.config, cacheDir });
    try {
      const data = Buffer.alloc(300_000, 'shutter-');
      const spooled = path.join(cacheDir, 'spooled-upload');
      fs.writeFileSync(spooled, data);
      await storage.putFile('v/filetest/source', spooled);
      expect(fs.existsSync(spooled)).toBe(false);
      expect((await inBucket('v/filetest/source'))?.equals(data)).toBe(true);
      const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: 'v/filetest/source' }));
      expect(head.ContentLength).toBe(data.length);

      const [file, same] = await Promise.all([storage.localPath('v/filetest/source'), storage.localPath('v/filetest/source')]);
      expect(same).toBe(file);
      expect(file.startsWith(cacheDir + path.sep)).toBe(true);
      expect(fs.readFileSync(file).equals(data)).toBe(true);
      await expect(storage.localPath('v/filetest/missing')).rejects.toThrow();

      await storage.remove('v/filetest/source');
      expect(await inBucket('v/filetest/source')).toBeUndefined();
      expect(fs.existsSync(file)).toBe(false);
      expect(storage.url('p/abc/150.jpg')).toBe('/media/p/abc/150.jpg');
    } finally {
      await storage.close();
    }
    expect(fs.readdirSync(cacheDir).filter((name) => name.startsWith('s3-'))).toEqual([]);
  });

  it('a video is encoded from the bucket: the encoded file and its poster land there, the source goes', async () => {
    const agent = new Agent(t.app);
    await signUp(agent);
    const uploadId = newUploadId();
    const body = multipart({ upload_id: uploadId }, { field: 'video', name: 'clip.mp4', type: 'video/mp4', data: makeVideo(1) });
    const up = await agent.request('POST', '/create/upload/video/', { rawBuffer: body.payload, contentType: body.contentType });
    expect(up.status).toBe(200);
    const { source_key: sourceKey } = await t.db.selectFrom('uploads').select('source_key').where('upload_id', '=', uploadId).executeTakeFirstOrThrow();
    const configured = await agent.post('/create/configure/', { upload_id: uploadId, caption: 'a clip' });
    expect(configured.status).toBe(200);
    let state = configured.body.media.status;
    for (let i = 0; i < 40 && state !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await agent.get(`/create/upload/${uploadId}/`)).body.upload_status;
    }
    expect(state).toBe('ready');
    const feed = await agent.get(`/graphql/query/?query_hash=${QUERY_HASHES.feed}&variables=${encodeURIComponent('{}')}`);
    const node = feed.body.data.user.edge_web_feed_timeline.edges.map((e: { node: { id: string } }) => e.node).find((n: { id: string }) => n.id === configured.body.media.id);
    const url: string = node.video_url;
    expect(url).toMatch(/^\/media\/v\/\d+\/[\w-]+\/video\.mp4$/);
    expect((await inBucket(keyOf(node.display_url)))?.length).toBeGreaterThan(0);
    const video = await t.app.inject({ method: 'GET', url });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.indexOf('moov')).toBeLessThan(video.rawPayload.indexOf('mdat'));
    expect(await inBucket(sourceKey!)).toBeUndefined();
  }, 30_000);
});

describe('media under a public base URL (a CDN or public bucket)', () => {
  it('links there, and the pages allow images and videos from there', async () => {
    const storage = createS3Storage({ ...s3.config, publicUrl: 'https://cdn.example.test/shutter/', cacheDir });
    expect(storage.url('p/abc/150.jpg')).toBe('https://cdn.example.test/shutter/p/abc/150.jpg');
    expect(storage.externalOrigin).toBe('https://cdn.example.test');
    await storage.close();

    const cdn = await createTestApp({ s3: { ...s3.config, publicUrl: 'https://cdn.example.test/shutter' } });
    try {
      await cdn.storage.put('p/cdntest/150.jpg', Buffer.from('jpeg'));
      expect(cdn.storage.url('p/cdntest/150.jpg')).toBe('https://cdn.example.test/shutter/p/cdntest/150.jpg');
      expect((await inBucket('p/cdntest/150.jpg'))?.toString()).toBe('jpeg');
      // the service does not answer /media/ itself
      expect((await cdn.app.inject({ method: 'GET', url: '/media/p/cdntest/150.jpg' })).statusCode).toBe(404);
      const page = await cdn.app.inject({ method: 'GET', url: '/' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.test/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/cdn\.example\.test/);
    } finally {
      await cdn.close();
    }
  });
});
