import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_MB, MAX_VIDEO_MB, SIDECAR_MAX_ITEMS } from '@shutter/contract';
import { checkDecoded, checkFiles } from './media-files';

const MB = 1024 * 1024;
const f = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('file checks', () => {
  it('refuses types other than images and videos, and files over the limits', () => {
    const out = checkFiles([f('a.jpg', 'image/jpeg'), f('b.pdf', 'application/pdf'), f('c.png', 'image/png', MAX_PHOTO_MB * MB + 1), f('d.mp4', 'video/mp4', MAX_VIDEO_MB * MB + 1), f('e.mov', 'video/quicktime')]);
    expect(out.accepted.map((a) => [a.file.name, a.kind])).toEqual([['a.jpg', 'image'], ['e.mov', 'video']]);
    expect(out.refused).toEqual([
      { name: 'b.pdf', problem: 'type' },
      { name: 'c.png', problem: 'photoSize' },
      { name: 'd.mp4', problem: 'videoSize' },
    ]);
  });

  it(`keeps the first ${SIDECAR_MAX_ITEMS} files of a carousel`, () => {
    const files = Array.from({ length: SIDECAR_MAX_ITEMS + 2 }, (_, i) => f(`${i}.jpg`, 'image/jpeg'));
    const out = checkFiles(files);
    expect(out.accepted).toHaveLength(SIDECAR_MAX_ITEMS);
    expect(out.refused.map((r) => r.problem)).toEqual(['tooMany', 'tooMany']);
  });

  it('refuses photos over 50 megapixels and videos over 10 minutes once decoded', () => {
    expect(checkDecoded('image', 8000, 6000)).toBeNull();
    expect(checkDecoded('image', 10000, 6000)).toBe('pixels');
    expect(checkDecoded('video', 1920, 1080, 600)).toBeNull();
    expect(checkDecoded('video', 1920, 1080, 601)).toBe('duration');
  });
});
