import fs from 'node:fs/promises';
import path from 'node:path';
import { fitEven } from './geometry.js';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, MAX_VIDEO_SIDE } from './limits.js';
import { MediaError, megabytes } from './media-error.js';
import { probeStreams } from './probe.js';
import { fileArg, FFMPEG_PATH, INPUT_GUARD, runTool, ToolTimeout } from './tools.js';
import { checkVideoSource, encodeTimeoutMs, needsFpsFilter, outputFps } from './video-cost.js';

export { verifyFaststart } from './faststart.js';
export { probeStreams, probeVideo } from './probe.js';
export { checkVideoSource, encodeTimeoutMs, framePixels } from './video-cost.js';

export interface TranscodedVideo {
  videoFile: string;
  posterFile: string;
  durationSec: number;
  width: number;
  height: number;
}

export interface TranscodeOptions {
  /** Kills ffmpeg after this long; by default encodeTimeoutMs of the source. */
  timeoutMs?: number;
}

/** The upload rules that need only the byte size and the probed duration; call it before transcoding. */
export function checkVideoLimits(bytes: number, durationSec: number): void {
  if (bytes <= 0) throw new MediaError('corrupt');
  if (bytes > MAX_VIDEO_BYTES) throw new MediaError('too_large', `This video is larger than ${megabytes(MAX_VIDEO_BYTES)}.`);
  if (!Number.isFinite(durationSec) || durationSec <= 0) throw new MediaError('corrupt');
  if (durationSec > MAX_VIDEO_SECONDS) throw new MediaError('too_long');
}

/**
 * Re-encodes an upload into what every browser plays: H.264 (yuv420p, even sides, longest side at
 * most 1080) with AAC audio in an MP4 whose index comes first (+faststart), plus a JPEG poster.
 * Writes `video.mp4` and `poster.jpg` into `outDir`, which should belong to this one upload.
 * All metadata is dropped: a phone's MOV carries the place it was filmed.
 */
export async function transcodeVideo(inputFile: string, outDir: string, options: TranscodeOptions = {}): Promise<TranscodedVideo> {
  const { size: bytes } = await fs.stat(inputFile);
  const source = await probeStreams(inputFile);
  checkVideoLimits(bytes, source.durationSec);
  checkVideoSource(source);

  const target = fitEven(source, MAX_VIDEO_SIDE);
  // ffmpeg has already turned the frames upright (autorotate), so the filter works in display size.
  // ffmpeg writes an MP4 at a constant rate and repeats frames to fill it: a clip whose timestamps
  // suggest 120 fps or more would be encoded many times over.
  const filter = `scale=${target.width}:${target.height},setsar=1${needsFpsFilter(source) ? `,fps=${outputFps(source)}` : ''}`;
  const posterAt = Math.min(1, source.durationSec * 0.1).toFixed(3);
  await fs.mkdir(outDir, { recursive: true });
  const videoFile = path.join(outDir, 'video.mp4');
  const posterFile = path.join(outDir, 'poster.jpg');

  const audio =
    source.audioStream === undefined ? ['-an'] : ['-map', `0:${source.audioStream}`, '-c:a', 'aac', '-b:a', '128k'];
  // One decode feeds both outputs: the MP4, then a single frame at posterAt for the poster.
  const args = [
    '-nostdin', '-hide_banner', '-v', 'error', '-y', ...INPUT_GUARD, '-i', fileArg(inputFile),
    '-map', `0:${source.videoStream}`, ...audio, '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1',
    '-vf', filter, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart', '-max_muxing_queue_size', '1024', fileArg(videoFile),
    '-map', `0:${source.videoStream}`, '-map_metadata', '-1', '-ss', posterAt, '-frames:v', '1',
    '-vf', filter, '-q:v', '3', fileArg(posterFile),
  ];
  try {
    await runTool(FFMPEG_PATH, args, options.timeoutMs ?? encodeTimeoutMs(source)).catch((err: unknown) => {
      if (!(err instanceof ToolTimeout)) throw err;
      // Past the timer the file costs far more than its size and length promise: it fails for good.
      throw new MediaError('too_long', 'This video took too long to process. Try a shorter video, or one with a smaller picture.', { cause: err });
    });
    const result = await probeStreams(videoFile);
    // ffmpeg exits 0 on a file cut short (an interrupted upload) and encodes what is there; the index
    // still promises the full length, so a much shorter result means the upload is incomplete.
    if (result.durationSec < source.durationSec * 0.9 - 0.1) throw new MediaError('corrupt');
    await fs.access(posterFile);
    return { videoFile, posterFile, durationSec: result.durationSec, width: result.width, height: result.height };
  } catch (err) {
    await Promise.all([fs.rm(videoFile, { force: true }), fs.rm(posterFile, { force: true })]);
    throw err;
  }
}
