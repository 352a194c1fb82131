import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectMedia } from './detect.js';
import { MediaError } from './media-error.js';
import { makeClip, tempDir } from './test-fixtures.js';

const solid = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } });

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

describe('detectMedia', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('recognises the photo types by their bytes', async () => {
    expect(await detectMedia(await solid().jpeg().toBuffer())).toEqual({ kind: 'image', mime: 'image/jpeg' });
    expect(await detectMedia(await solid().png().toBuffer())).toEqual({ kind: 'image', mime: 'image/png' });
    expect(await detectMedia(await solid().webp().toBuffer())).toEqual({ kind: 'image', mime: 'image/webp' });
    expect(await detectMedia(await solid().gif().toBuffer())).toEqual({ kind: 'image', mime: 'image/gif' });
    expect(await detectMedia(await solid().avif({ effort: 0 }).toBuffer())).toEqual({ kind: 'image', mime: 'image/avif' });
  });

  it('goes by content, not by name: a PNG saved as .mp4 is still a photo', async () => {
    const file = path.join(dir, 'holiday.mp4');
    await fs.writeFile(file, await solid().png().toBuffer());
    expect(await detectMedia(await fs.readFile(file))).toEqual({ kind: 'image', mime: 'image/png' });
  });

  it('recognises mp4, mov, m4v and webm videos', async () => {
    const tiny = { seconds: 0.5, size: '64x48', audio: false };
    const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];
    const mp4 = await makeClip(path.join(dir, 'a.mp4'), { ...tiny, codec: h264 });
    const mov = await makeClip(path.join(dir, 'a.mov'), { ...tiny, codec: h264 });
    const m4v = await makeClip(path.join(dir, 'a.m4v'), { ...tiny, codec: h264, extra: ['-brand', 'M4V '] });
    const webm = await makeClip(path.join(dir, 'a.webm'), { ...tiny, codec: ['-c:v', 'libvpx', '-b:v', '100k'] });
    expect(await detectMedia(await fs.readFile(mp4))).toEqual({ kind: 'video', mime: 'video/mp4' });
    expect(await detectMedia(await fs.readFile(mov))).toEqual({ kind: 'video', mime: 'video/quicktime' });
    expect(await detectMedia(await fs.readFile(m4v))).toEqual({ kind: 'video', mime: 'video/x-m4v' });
    expect(await detectMedia(await fs.readFile(webm))).toEqual({ kind: 'video', mime: 'video/webm' });
  });

  it('refuses text, executables, documents and empty files', async () => {
    const err = await refusal(detectMedia(Buffer.from('just some notes, not a photo\n')));
    expect(err.code).toBe('unsupported');
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe("This file isn't a photo or video we can use.");
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(120)]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const buf of [elf, exe, pdf, svg, Buffer.alloc(0)]) {
      expect((await refusal(detectMedia(buf))).code).toBe('unsupported');
    }
  });

  it('refuses types close to ours that we do not take (TIFF, audio-only MP4)', async () => {
    expect((await refusal(detectMedia(await solid().tiff().toBuffer()))).code).toBe('unsupported');
    const m4a = path.join(dir, 'a.m4a');
    await makeClip(m4a, { seconds: 0.5, size: '64x48', codec: ['-vn'], extra: ['-f', 'ipod'] });
    expect((await refusal(detectMedia(await fs.readFile(m4a)))).code).toBe('unsupported');
  });
});
