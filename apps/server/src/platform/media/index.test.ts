import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import * as media from './index.js';

describe('media module API', () => {
  it('exports the limits', () => {
    expect(media.MAX_PHOTO_BYTES).toBe(30 * 1024 * 1024);
    expect(media.MAX_VIDEO_BYTES).toBe(100 * 1024 * 1024);
    expect(media.MAX_VIDEO_SECONDS).toBe(600);
    expect(media.MAX_PIXELS).toBe(50_000_000);
    expect(media.IMAGE_VARIANT_WIDTHS).toEqual([1080, 750, 640, 480, 320, 240, 150]);
    for (const fn of [media.detectMedia, media.processImage, media.processAvatar, media.probeVideo, media.transcodeVideo, media.checkVideoLimits, media.verifyFaststart]) {
      expect(typeof fn).toBe('function');
    }
  });

  it('MediaError is an HttpError: 413 for too_large, 400 otherwise, code in the body', () => {
    const statuses = { unsupported: 400, too_large: 413, too_many_pixels: 400, corrupt: 400, too_long: 400 } as const;
    for (const [code, status] of Object.entries(statuses) as [media.MediaErrorCode, number][]) {
      const err = new media.MediaError(code);
      expect(err).toBeInstanceOf(HttpError);
      expect(err.statusCode).toBe(status);
      expect(err.extra).toEqual({ code });
      expect(err.message).toMatch(/^[A-Z].*\.$/);
    }
    const cause = new Error('VipsJpeg: premature end of JPEG image');
    const err = new media.MediaError('corrupt', undefined, { cause });
    expect(err.cause).toBe(cause);
    expect(err.message).not.toContain('Vips');
  });
});
