import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Where media files live: ./data/media on the embedded default, an S3-compatible bucket in a
 * server deployment (storage-s3.ts). Keys are random or content-addressed and never overwritten,
 * so whatever serves them may cache them for good.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a local file in (uploads spooled to disk): the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  /** A local file with the object's bytes, for tools that read files (ffmpeg). Kept until the object is removed or the storage closed. */
  localPath(key: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** The object's public URL: `/media/{key}` on this service, or under a public base URL. */
  url(key: string): string;
  /** The origin of the media URLs when it is not this service's (a CDN, a public bucket), for the pages' content policy. */
  readonly externalOrigin?: string;
  /** Registers the routes that answer `/media/*` on this service (none when the URLs point elsewhere). */
  serve(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** Media files are served for a year and never revalidated: a key's bytes never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif',
  '.svg': 'image/svg+xml', '.mp4': 'video/mp4', '.webm': 'video/webm',
};
export const contentTypeOfKey = (key: string): string | undefined => CONTENT_TYPES[path.extname(key).toLowerCase()];

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async putFile(key, source) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.rename(source, file);
      } catch {
        // another file system: copy, then drop the original
        await fs.copyFile(source, `${file}.${process.pid}.tmp`);
        await fs.rename(`${file}.${process.pid}.tmp`, file);
        await fs.rm(source, { force: true });
      }
    },
    async localPath(key) {
      return resolve(key);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url: (key) => `/media/${key}`,
    async serve(app) {
      await fs.mkdir(root, { recursive: true });
      await app.register(fastifyStatic, {
        root, prefix: '/media/', decorateReply: false, index: false, immutable: true, maxAge: '365d',
      });
    },
    async close() {},
  };
}
