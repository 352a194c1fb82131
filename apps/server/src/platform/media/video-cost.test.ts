import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_FRAME_PIXELS } from '@shutter/contract';
import { MediaError } from './media-error.js';
import { probeStreams } from './probe.js';
import { ffmpeg, makeClip, makeLoopedClip, tempDir } from './test-fixtures.js';
import { checkVideoSource, encodeTimeoutMs, framePixels, type VideoSource } from './video-cost.js';
import { transcodeVideo } from './video.js';

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];
/** A source as probed: `fps` frames a second over the whole duration. */
const source = (width: number, height: number, fps: number, durationSec: number): VideoSource => ({
  width, height, storedWidth: width, storedHeight: height, durationSec, fps, timingFps: fps, frames: Math.round(fps * durationSec),
});

describe('the caps on a video source', () => {
  let dir: string;
  beforeAll(async () => { dir = await tempDir(); });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const clip = (name: string, size: string, rate = 15) => makeClip(path.join(dir, name), { seconds: 0.2, size, rate, audio: false, codec: x264 });
  const checked = async (file: string) => checkVideoSource(await probeStreams(file));

  it('refuses a side over 4096 px, across or down, and takes one at the cap', async () => {
    for (const [size, shown] of [['4100x16', '4100×16'], ['16x4100', '16×4100']]) {
      const file = await clip(`${size}.mp4`, size!);
      expect(await refusal(checked(file))).toMatchObject({
        code: 'too_many_pixels', statusCode: 400, message: `Videos can be at most 4096 pixels wide and 4096 pixels high; this one is ${shown}.`,
      });
      // The encoder checks again, for a source queued before the caps: it refuses and writes nothing.
      const out = path.join(dir, `out-${size}`);
      expect((await refusal(transcodeVideo(file, out))).code).toBe('too_many_pixels');
      expect(await fs.readdir(out).catch(() => [])).toEqual([]);
    }
    await expect(checked(await clip('4096x16.mp4', '4096x16'))).resolves.toBeUndefined();
    await expect(checked(await clip('16x4096.mp4', '16x4096'))).resolves.toBeUndefined();
  });

  it('refuses frames stored narrow but shown wide past the cap (non-square pixels)', async () => {
    const file = await makeClip(path.join(dir, 'anamorphic.mp4'), { seconds: 0.2, size: '2400x16', audio: false, codec: x264, extra: ['-vf', 'setsar=2'] });
    expect(await refusal(checked(file))).toMatchObject({ code: 'too_many_pixels', message: 'Videos can be at most 4096 pixels wide and 4096 pixels high; this one is 4800×16.' });
  });

  it('refuses more than 60 frames per second, and takes 60', async () => {
    const fast = await clip('120fps.mp4', '16x16', 120);
    expect(await refusal(checked(fast))).toMatchObject({ code: 'unsupported', statusCode: 400, message: 'Videos can have at most 60 frames per second; this one has 120.' });
    await expect(checked(await clip('60fps.mp4', '16x16', 60))).resolves.toBeUndefined();
  });

  it('refuses a small file whose frames hold too many pixels, and takes 1080p at 60 fps for the longest video', async () => {
    // 3 MB on disk, 590 s of 4096×4096 at 8 fps: 79 billion pixels to decode.
    const heavy = await makeLoopedClip(path.join(dir, 'heavy.mp4'), { size: '4096x4096', rate: 8, base: 5, seconds: 590 });
    expect((await fs.stat(heavy)).size).toBeLessThan(5_000_000);
    const probed = await probeStreams(heavy);
    expect(probed.frames).toBe(4720);
    expect(framePixels(probed)).toBeGreaterThan(MAX_VIDEO_FRAME_PIXELS);
    expect(await refusal(checked(heavy))).toMatchObject({
      code: 'too_long', statusCode: 400,
      message: 'This video is too long for its size: at 4096×4096 and 8 frames per second, a video can be at most 9 minutes 18 seconds long.',
    });

    const longest = await makeLoopedClip(path.join(dir, 'longest.mp4'), { size: '1920x1080', rate: 60, base: 5, seconds: 600 });
    const ten = await probeStreams(longest);
    expect(ten).toMatchObject({ durationSec: 600, frames: 36_000, fps: 60 });
    expect(() => checkVideoSource(ten)).not.toThrow();
  }, 60_000);

  it('encodes a clip whose timestamps suggest 120 fps at its own pace, without repeating its frames', async () => {
    // Nine frames over 3.5 s on a 1/120 s time base: ffmpeg alone writes 421 frames of it.
    const sparse = path.join(dir, 'sparse.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=4:size=64x48:rate=120', '-vf', String.raw`select=not(mod(n\,60))+eq(n\,1)`, '-vsync', 'vfr', ...x264, sparse]);
    const probed = await probeStreams(sparse);
    expect(probed).toMatchObject({ frames: 9, timingFps: 120 });
    const result = await transcodeVideo(sparse, path.join(dir, 'out-sparse'));
    expect((await probeStreams(result.videoFile)).frames).toBeLessThanOrEqual(12);
    expect(result.durationSec).toBeGreaterThan(3);
  });
});

describe('the encoding timer', () => {
  it('is a minute for the smallest clips and grows with the pixels to encode', () => {
    const tiny = encodeTimeoutMs(source(16, 16, 30, 2));
    expect(tiny).toBeGreaterThanOrEqual(60_000);
    expect(tiny).toBeLessThan(61_000);
    const small = encodeTimeoutMs(source(640, 360, 30, 60));
    const hd = encodeTimeoutMs(source(1920, 1080, 30, 60));
    expect(small).toBeGreaterThan(tiny);
    expect(hd).toBeGreaterThan(small);
  });

  it('gives the largest sources the caps let in under an hour and a quarter, and short ones minutes', () => {
    // Before the caps every ten-minute video got 61 minutes, whatever its size, three times over.
    const minutes = (s: VideoSource) => encodeTimeoutMs(s) / 60_000;
    expect(minutes(source(1920, 1080, 60, 600))).toBeCloseTo(46.8, 0);
    expect(minutes(source(1440, 1440, 60, 600))).toBeCloseTo(62.1, 0);
    expect(minutes(source(3840, 2160, 60, 150))).toBeCloseTo(31.1, 0);
    expect(minutes(source(3840, 2160, 30, 10))).toBeCloseTo(2, 0);
    expect(minutes(source(640, 360, 30, 600))).toBeCloseTo(6.4, 0);
    expect(minutes(source(320, 240, 15, 600))).toBeCloseTo(2.1, 0);
  });
});
