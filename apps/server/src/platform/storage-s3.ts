import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyReply } from 'fastify';
import type { S3Config } from '../config.js';
import { contentTypeOfKey, IMMUTABLE_CACHE_CONTROL, type Storage } from './storage.js';

export interface S3StorageOptions extends S3Config {
  /** Local copies for localPath (ffmpeg) go to a folder of this instance's own in here, removed on close. */
  cacheDir: string;
}

/** A cache folder left by an instance that did not close (a crash) is removed by the next one after this long. */
const STALE_CACHE_MS = 24 * 3600_000;

/**
 * Keys are the service's own (`p/{token}/1080.jpg`): relative, no empty, `.` or `..` segments, and
 * no control characters (a NUL in a requested path made the bucket call fail with a 500).
 */
function validKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    !key.includes('\\') &&
    !/[\u0000-\u001f\u007f]/.test(key) &&
    key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

function checkKey(key: string): string {
  if (!validKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

const statusOf = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/**
 * Media files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...). Without a public URL the
 * service answers /media/* itself, streaming each object from the bucket.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId && options.secretAccessKey
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined,
    // The SDK's default streams uploads with a CRC trailer (aws-chunked), which many S3-compatible
    // servers store as it is, framing and all: send and check checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  const contentType = (key: string) => contentTypeOfKey(key) ?? 'application/octet-stream';

  let cacheFolder: Promise<string> | undefined;
  const localCopies = new Map<string, Promise<string>>();

  /** This instance's cache folder, made on first use; stale folders of earlier instances go then. */
  function instanceCacheFolder(): Promise<string> {
    cacheFolder ??= (async () => {
      await fsp.mkdir(options.cacheDir, { recursive: true });
      for (const name of await fsp.readdir(options.cacheDir)) {
        if (!name.startsWith('s3-')) continue;
        const folder = path.join(options.cacheDir, name);
        const stat = await fsp.stat(folder).catch(() => undefined);
        if (stat && Date.now() - stat.mtimeMs > STALE_CACHE_MS) await fsp.rm(folder, { recursive: true, force: true });
      }
      return fsp.mkdtemp(path.join(options.cacheDir, 's3-'));
    })();
    cacheFolder.catch(() => { cacheFolder = undefined; });
    return cacheFolder;
  }

  async function download(key: string): Promise<string> {
    const folder = await instanceCacheFolder();
    await fsp.mkdir(folder, { recursive: true });
    const file = path.join(folder, createHash('sha256').update(key).digest('hex').slice(0, 32) + path.extname(key));
    const part = `${file}.part`;
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    try {
      await pipeline(object.Body as Readable, fs.createWriteStream(part));
      await fsp.rename(part, file);
    } catch (err) {
      await fsp.rm(part, { force: true });
      throw err;
    }
    return file;
  }

  async function dropLocalCopy(key: string) {
    const copy = localCopies.get(key);
    if (!copy) return;
    localCopies.delete(key);
    const file = await copy.catch(() => undefined);
    if (file) await fsp.rm(file, { force: true });
  }

  function setHeaders(reply: FastifyReply, key: string, object: { ContentLength?: number; ETag?: string; LastModified?: Date }) {
    reply
      .header('content-type', contentType(key))
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('accept-ranges', 'bytes');
    if (object.ContentLength !== undefined) reply.header('content-length', object.ContentLength);
    if (object.ETag) reply.header('etag', object.ETag);
    if (object.LastModified) reply.header('last-modified', object.LastModified.toUTCString());
  }

  return {
    externalOrigin: publicBase ? new URL(publicBase).origin : undefined,

    async put(key, data) {
      await client.send(new PutObjectCommand({
        Bucket: bucket, Key: checkKey(key), Body: data, ContentType: contentType(key), CacheControl: IMMUTABLE_CACHE_CONTROL,
      }));
    },

    async putFile(key, file) {
      const { size } = await fsp.stat(file);
      await client.send(new PutObjectCommand({
        Bucket: bucket, Key: checkKey(key), Body: fs.createReadStream(file), ContentLength: size,
        ContentType: contentType(key), CacheControl: IMMUTABLE_CACHE_CONTROL,
      }));
      await fsp.rm(file, { force: true });
    },

    localPath(key) {
      checkKey(key);
      let copy = localCopies.get(key);
      if (!copy) {
        copy = download(key);
        localCopies.set(key, copy);
        copy.catch(() => localCopies.delete(key));
      }
      return copy;
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      await dropLocalCopy(key);
    },

    url: (key) => `${publicBase ?? '/media'}/${key.split('/').map(encodeURIComponent).join('/')}`,

    async serve(app) {
      if (publicBase) return;
      const keyOf = (params: unknown) => (params as { '*': string })['*'];

      app.get('/media/*', { schema: { hide: true }, exposeHeadRoute: false }, async (request, reply) => {
        const key = keyOf(request.params);
        if (!validKey(key)) return reply.callNotFound();
        const range = request.headers.range;
        const ifNoneMatch = request.headers['if-none-match'];
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range, IfNoneMatch: ifNoneMatch }));
          setHeaders(reply, key, object);
          if (object.ContentRange) reply.code(206).header('content-range', object.ContentRange);
          return reply.send(object.Body as Readable);
        } catch (err) {
          const status = statusOf(err);
          // (a missing bucket is a fault of the deployment, not a missing file: it answers 500 and is logged)
          if (status === 404 && (err as Error).name !== 'NoSuchBucket') return reply.callNotFound();
          if (status === 304) return reply.code(304).header('etag', ifNoneMatch).header('cache-control', IMMUTABLE_CACHE_CONTROL).send();
          if (status === 416) {
            const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
            return reply.code(416).header('content-range', `bytes */${head?.ContentLength ?? '*'}`).send();
          }
          throw err;
        }
      });

      app.head('/media/*', { schema: { hide: true } }, async (request, reply) => {
        const key = keyOf(request.params);
        if (!validKey(key)) return reply.callNotFound();
        try {
          setHeaders(reply, key, await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
          return reply.send();
        } catch (err) {
          if (statusOf(err) === 404) return reply.callNotFound();
          throw err;
        }
      });
    },

    async close() {
      client.destroy();
      localCopies.clear();
      const folder = await cacheFolder?.catch(() => undefined);
      if (folder) await fsp.rm(folder, { recursive: true, force: true });
    },
  };
}
