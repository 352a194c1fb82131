import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media files live: ./data/media on the embedded default (object storage comes later). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a local file in (uploads spooled to disk). */
  putFile(key: string, file: string): Promise<void>;
  /** A local path of the object, for tools that read files (ffmpeg). */
  localPath(key: string): Promise<string>;
  remove(key: string): Promise<void>;
  url(key: string): string;
  readonly root: string;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };
  return {
    root,
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
  };
}
