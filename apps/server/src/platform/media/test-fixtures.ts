/** Test media generated on the fly: nothing binary is committed and nothing is downloaded. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { FFMPEG_PATH, FFPROBE_PATH, runTool } from './tools.js';

/** A noisy photo, so JPEG sizes and timings resemble a real one rather than a flat colour. */
export function noisyPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4080c0', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A photo whose top half is red and bottom half blue, to see where the top ends up. */
export async function twoTonePhoto(width: number, height: number): Promise<Sharp> {
  const half = Math.floor(height / 2);
  const top = await sharp({ create: { width, height: half, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([{ input: top, top: 0, left: 0 }]);
}

/** Whether a raw EXIF block (as sharp's metadata().exif gives it) points to a GPS IFD (tag 0x8825). */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

export const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'shutter-media-'));

export const ffmpeg = (args: string[]) => runTool(FFMPEG_PATH, ['-nostdin', '-v', 'error', '-y', ...args], 60_000);

/** ffprobe's streams and format, for assertions the module's own probe does not expose. */
export async function ffprobe(file: string) {
  const out = await runTool(FFPROBE_PATH, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], 30_000);
  return JSON.parse(out) as {
    streams: { codec_type: string; codec_name: string; pix_fmt?: string; width?: number; height?: number; sample_aspect_ratio?: string }[];
    format: { format_name: string; duration: string; tags?: Record<string, string> };
  };
}

/** A test-pattern clip: `testsrc` video, optionally with a 440 Hz tone. */
export async function makeClip(
  file: string,
  { seconds = 2, size = '320x240', rate = 15, audio = true, codec = ['-c:v', 'mpeg4'], extra = [] as string[] } = {},
): Promise<string> {
  const inputs = ['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=${rate}`];
  if (audio) inputs.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  await ffmpeg([...inputs, ...codec, ...(audio ? ['-c:a', 'aac'] : []), ...extra, file]);
  return file;
}

/**
 * A long clip made cheaply: a few seconds of flat grey encoded once, then its packets repeated
 * (no encoding) until it lasts `seconds`. Small on disk, as costly to encode as any of its length.
 */
export async function makeLoopedClip(file: string, { size = '4096x4096', rate = 8, base = 5, seconds = 590 } = {}): Promise<string> {
  const piece = `${file}.piece.mp4`;
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=gray:size=${size}:rate=${rate}:duration=${base}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-x264-params', 'cabac=1', '-crf', '51', piece]);
  await ffmpeg(['-stream_loop', String(Math.round(seconds / base) - 1), '-i', piece, '-c', 'copy', file]);
  await fs.rm(piece, { force: true });
  return file;
}
