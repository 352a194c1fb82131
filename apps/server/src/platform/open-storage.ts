import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage, type Storage } from './storage.js';

/** The storage the configuration asks for: the bucket when S3 is configured, otherwise DATA_DIR/media. */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'media'));
  const { createS3Storage } = await import('./storage-s3.js');
  return createS3Storage({ ...config.s3, cacheDir: path.join(config.dataDir, 'cache') });
}
