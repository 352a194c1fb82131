import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config.js';

export interface TestS3 {
  /** The storage configuration of a bucket on this server. */
  config: S3Config;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, objects in a temporary folder) on a free loopback port, with
 * one empty bucket. It checks request signatures against its fixed key pair, S3RVER/S3RVER.
 */
export async function startS3(bucket = 'media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
