import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('object storage settings', () => {
  it('are off without S3_ENDPOINT and S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('turn on with both, with defaults for the rest', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000', bucket: 'media', region: 'us-east-1', forcePathStyle: true,
      accessKeyId: undefined, secretAccessKey: undefined, publicUrl: undefined,
    });
    expect(loadConfig({
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_BUCKET: 'shutter-media', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false',
      S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret', S3_PUBLIC_URL: 'https://cdn.example.com/media',
    }).s3).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'shutter-media', region: 'eu-west-1', forcePathStyle: false,
      accessKeyId: 'AKIA', secretAccessKey: 'secret', publicUrl: 'https://cdn.example.com/media',
    });
  });

  it('refuse to start half set', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT: is required when S3_BUCKET is set/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_PUBLIC_URL: has no effect without S3_ENDPOINT and S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url', S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT/);
  });
});
