import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from './limits.js';
import { MediaError } from './media-error.js';
import { ffmpeg, ffprobe, makeClip, tempDir } from './test-fixtures.js';
import { checkVideoLimits, probeVideo, transcodeVideo, verifyFaststart } from './video.js';

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

describe('video processing', () => {
  let dir: string;
  /** 2 s, 320×240 MPEG-4 Part 2 with AAC in a MOV that records where it was filmed. */
  let withAudio: string;
  /** 1 s, 1280×720 stored, no audio, flagged to be shown turned (portrait, 720×1280). */
  let rotated: string;

  beforeAll(async () => {
    dir = await tempDir();
    withAudio = await makeClip(path.join(dir, 'clip.mov'), { extra: ['-metadata', 'location=+48.8584+002.2945/', '-metadata', 'title=Secret place'] });
    const upright = await makeClip(path.join(dir, 'wide.mp4'), { seconds: 1, size: '1280x720', audio: false, codec: ['-c:v', 'libx264', '-preset', 'ultrafast'] });
    rotated = path.join(dir, 'portrait.mp4');
    await ffmpeg(['-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated]);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('probes duration, size, audio and rotation', async () => {
    const clip = await probeVideo(withAudio);
    expect(clip).toMatchObject({ width: 320, height: 240, hasAudio: true, rotation: 0 });
    expect(clip.durationSec).toBeCloseTo(2, 1);

    const portrait = await probeVideo(rotated);
    expect(portrait).toMatchObject({ width: 720, height: 1280, hasAudio: false });
    // ffmpeg 4.1 stores `rotate=90` on a stream copy as a matrix it reads back as 270 (clockwise).
    expect(portrait.rotation).toBe(270);
    expect(portrait.durationSec).toBeCloseTo(1, 1);
  });

  it('shows non-square pixels at their displayed width, and transcodes to square ones', async () => {
    const anamorphic = await makeClip(path.join(dir, 'anamorphic.mp4'), { seconds: 0.5, size: '240x240', audio: false, extra: ['-vf', 'setsar=4/3'] });
    expect(await probeVideo(anamorphic)).toMatchObject({ width: 320, height: 240 });
    const result = await transcodeVideo(anamorphic, path.join(dir, 'out-anamorphic'));
    expect([result.width, result.height]).toEqual([320, 240]);
    expect((await ffprobe(result.videoFile)).streams[0]).toMatchObject({ width: 320, height: 240, sample_aspect_ratio: '1:1' });
  });

  it('finds the duration of a WebM whose header has none (as browsers record them)', async () => {
    const webm = path.join(dir, 'recorded.webm');
    // Live mode writes neither duration nor cues, like a MediaRecorder stream.
    await makeClip(webm, { seconds: 1.5, size: '160x120', audio: false, codec: ['-c:v', 'libvpx', '-b:v', '100k'], extra: ['-live', '1'] });
    expect((await ffprobe(webm)).format.duration).toBeUndefined();
    expect((await probeVideo(webm)).durationSec).toBeCloseTo(1.5, 1);
    const result = await transcodeVideo(webm, path.join(dir, 'out-webm'));
    expect(result).toMatchObject({ width: 160, height: 120 });
    expect(result.durationSec).toBeCloseTo(1.5, 1);
  });

  it('transcodes to H.264 + AAC MP4 with faststart, a poster, and no location left', async () => {
    const out = path.join(dir, 'out-audio');
    const result = await transcodeVideo(withAudio, out);
    expect(result).toMatchObject({ videoFile: path.join(out, 'video.mp4'), posterFile: path.join(out, 'poster.jpg'), width: 320, height: 240 });
    expect(result.durationSec).toBeCloseTo(2, 1);

    expect((await ffprobe(withAudio)).format.tags?.location).toBe('+48.8584+002.2945/');
    const probe = await ffprobe(result.videoFile);
    expect(probe.format.format_name).toContain('mp4');
    const [video, audio] = [probe.streams.find((s) => s.codec_type === 'video'), probe.streams.find((s) => s.codec_type === 'audio')];
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 240 });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    expect(await verifyFaststart(result.videoFile)).toBe(true);
    expect(JSON.stringify(probe.format.tags ?? {})).not.toMatch(/location|48\.8584|Secret/);

    const poster = await sharp(result.posterFile).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('transcodes a rotated clip without audio upright, within 1080 px, even-sized', async () => {
    const result = await transcodeVideo(rotated, path.join(dir, 'out-portrait'));
    expect([result.width, result.height]).toEqual([608, 1080]);
    const probe = await ffprobe(result.videoFile);
    expect(probe.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(0);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 608, height: 1080 });
    expect(await probeVideo(result.videoFile)).toMatchObject({ rotation: 0, width: 608, height: 1080, hasAudio: false });
    expect(await sharp(result.posterFile).metadata()).toMatchObject({ width: 608, height: 1080 });
  });

  it('tells an MP4 with its index at the end from a faststart one', async () => {
    const plain = await makeClip(path.join(dir, 'plain.mp4'), { seconds: 0.5, size: '64x48', audio: false });
    expect(await verifyFaststart(plain)).toBe(false);
    const fast = path.join(dir, 'fast.mp4');
    await ffmpeg(['-i', plain, '-c', 'copy', '-movflags', '+faststart', fast]);
    expect(await verifyFaststart(fast)).toBe(true);
  });

  it('refuses damaged files as corrupt, and leaves nothing behind', async () => {
    const garbage = path.join(dir, 'garbage.mp4');
    await fs.writeFile(garbage, Buffer.from('ftyp, but not really a video at all'.repeat(50)));
    expect((await refusal(probeVideo(garbage))).code).toBe('corrupt');

    // The first 40% of a non-faststart MP4: the index (at the end) is gone.
    const whole = await fs.readFile(withAudio);
    const truncated = path.join(dir, 'truncated.mov');
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.4)));
    const out = path.join(dir, 'out-corrupt');
    const err = await refusal(transcodeVideo(truncated, out));
    expect(err.code).toBe('corrupt');
    expect(err.statusCode).toBe(400);
    expect(await fs.readdir(out).catch(() => [])).toEqual([]);

    // A faststart MP4 cut short: the index promises 2 s, ffmpeg happily encodes the part that is there.
    const fast = await makeClip(path.join(dir, 'fast-source.mp4'), { codec: ['-c:v', 'libx264', '-preset', 'ultrafast'], extra: ['-movflags', '+faststart'] });
    const cut = path.join(dir, 'cut.mp4');
    await fs.writeFile(cut, (await fs.readFile(fast)).subarray(0, Math.floor((await fs.stat(fast)).size * 0.6)));
    const cutOut = path.join(dir, 'out-cut');
    expect((await refusal(transcodeVideo(cut, cutOut))).code).toBe('corrupt');
    expect(await fs.readdir(cutOut)).toEqual([]);

    // An HLS playlist dressed as an MP4 must not make ffmpeg read the files it lists.
    const playlist = path.join(dir, 'playlist.mp4');
    await fs.writeFile(playlist, '#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n');
    expect((await refusal(transcodeVideo(playlist, path.join(dir, 'out-playlist')))).code).toBe('corrupt');

    const audioOnly = await makeClip(path.join(dir, 'audio.m4a'), { seconds: 0.5, codec: ['-vn'] });
    expect((await refusal(probeVideo(audioOnly))).code).toBe('corrupt');
  });

  it('kills ffmpeg at the timeout and refuses the file for good, leaving nothing behind', async () => {
    const out = path.join(dir, 'out-timeout');
    const err = await refusal(transcodeVideo(withAudio, out, { timeoutMs: 1 }));
    expect(err).toMatchObject({ code: 'too_long', statusCode: 400, message: 'This video took too long to process. Try a shorter video, or one with a smaller picture.' });
    expect((err.cause as Error).message).toMatch(/timed out/);
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('checks the size and duration limits', () => {
    expect(() => checkVideoLimits(5_000_000, 30)).not.toThrow();
    expect(() => checkVideoLimits(MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS)).not.toThrow();
    const cases: [number, number, string, number, string][] = [
      [MAX_VIDEO_BYTES + 1, 30, 'too_large', 413, 'This video is larger than 100 MB.'],
      [1000, MAX_VIDEO_SECONDS + 0.5, 'too_long', 400, 'Videos can be at most 10 minutes long.'],
      [0, 30, 'corrupt', 400, 'This file is damaged or incomplete.'],
      [1000, 0, 'corrupt', 400, 'This file is damaged or incomplete.'],
      [1000, Number.NaN, 'corrupt', 400, 'This file is damaged or incomplete.'],
    ];
    for (const [bytes, seconds, code, status, message] of cases) {
      let caught: unknown;
      try {
        checkVideoLimits(bytes, seconds);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(MediaError);
      expect(caught).toMatchObject({ code, statusCode: status, message, extra: { code } });
    }
  });
});
