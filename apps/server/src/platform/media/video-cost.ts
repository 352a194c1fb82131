import { MAX_VIDEO_FPS, MAX_VIDEO_FRAME_PIXELS, MAX_VIDEO_SOURCE_SIDE } from '@shutter/contract';
import { fitEven } from './geometry.js';
import {
  ENCODE_SECONDS_PER_FRAME,
  ENCODE_SECONDS_PER_OUTPUT_PIXEL,
  ENCODE_SECONDS_PER_SOURCE_PIXEL,
  ENCODE_TIMEOUT_FACTOR,
  ENCODE_TIMEOUT_FLOOR_MS,
  MAX_VIDEO_SIDE,
} from './limits.js';
import { MediaError } from './media-error.js';
import type { VideoStreams } from './probe.js';

export type VideoSource = Pick<VideoStreams, 'width' | 'height' | 'storedWidth' | 'storedHeight' | 'durationSec' | 'frames' | 'fps' | 'timingFps'>;

/**
 * The frame rate of the encoded video: the source's own, unless its timestamps suggest more than the
 * cap (a variable-rate clip on a fine time base), where ffmpeg would repeat frames to fill that rate.
 */
export function outputFps(source: VideoSource): number {
  if (source.timingFps > 0 && source.timingFps <= MAX_VIDEO_FPS) return source.timingFps;
  return Math.min(MAX_VIDEO_FPS, Math.max(1, Math.ceil(source.fps)));
}

/** Whether the encoding must be told its frame rate (see outputFps). */
export const needsFpsFilter = (source: VideoSource) => outputFps(source) !== source.timingFps;

const writtenFrames = (source: VideoSource) => Math.ceil(source.durationSec * outputFps(source));

/** Every decoded pixel of every frame decoded or written: what the cap and each account's budget count. */
export function framePixels(source: VideoSource): number {
  return source.storedWidth * source.storedHeight * Math.max(source.frames, writtenFrames(source));
}

/**
 * The caps on a source, checked after probing and before anything is stored or encoded: its
 * sides, its frame rate, and its frame pixels (so a long video must be small, a 4K one short).
 * Call it after checkVideoLimits, which refuses a file without a duration.
 */
export function checkVideoSource(source: VideoSource): void {
  const { width, height, storedWidth, storedHeight } = source;
  if (Math.max(width, height, storedWidth, storedHeight) > MAX_VIDEO_SOURCE_SIDE) {
    const [w, h] = Math.max(width, height) > MAX_VIDEO_SOURCE_SIDE ? [width, height] : [storedWidth, storedHeight];
    throw new MediaError('too_many_pixels', `Videos can be at most ${MAX_VIDEO_SOURCE_SIDE} pixels wide and ${MAX_VIDEO_SOURCE_SIDE} pixels high; this one is ${w}×${h}.`);
  }
  // A frame's worth of rounding: a 60 fps phone clip whose timing wobbles still passes.
  if (Math.round(source.fps) > MAX_VIDEO_FPS) {
    throw new MediaError('unsupported', `Videos can have at most ${MAX_VIDEO_FPS} frames per second; this one has ${Math.round(source.fps)}.`);
  }
  const pixels = framePixels(source);
  if (pixels > MAX_VIDEO_FRAME_PIXELS) {
    const rate = Math.max(1, Math.round(pixels / (storedWidth * storedHeight) / source.durationSec));
    const longest = Math.floor(MAX_VIDEO_FRAME_PIXELS / (storedWidth * storedHeight * rate));
    throw new MediaError('too_long', `This video is too long for its size: at ${storedWidth}×${storedHeight} and ${rate} frames per second, a video can be at most ${spoken(longest)} long.`);
  }
}

function spoken(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return unit(seconds, 'second');
  return seconds === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}

/** The encoding's expected CPU seconds: decoding every source frame, encoding every output frame. */
export function encodeSeconds(source: VideoSource): number {
  const out = fitEven(source, MAX_VIDEO_SIDE);
  const written = writtenFrames(source);
  return (
    source.frames * source.storedWidth * source.storedHeight * ENCODE_SECONDS_PER_SOURCE_PIXEL +
    written * out.width * out.height * ENCODE_SECONDS_PER_OUTPUT_PIXEL +
    Math.max(source.frames, written) * ENCODE_SECONDS_PER_FRAME
  );
}

/** When ffmpeg is killed: a floor for the smallest clips, then a margin over the expected time. */
export function encodeTimeoutMs(source: VideoSource): number {
  return Math.ceil(ENCODE_TIMEOUT_FLOOR_MS + ENCODE_TIMEOUT_FACTOR * encodeSeconds(source) * 1000);
}
