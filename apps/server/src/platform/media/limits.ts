import { MAX_IMAGE_PIXELS, MAX_VIDEO_MINUTES } from '@shutter/contract';
/** Upload limits. Decided here because the spec leaves them open; see media-error.ts for the wording. */
export const MAX_PHOTO_BYTES = 30 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = MAX_VIDEO_MINUTES * 60;
export const MAX_PIXELS = MAX_IMAGE_PIXELS;

/** Widths of the stored photo variants, largest first; the web picks one with srcset. */
export const IMAGE_VARIANT_WIDTHS = [1080, 750, 640, 480, 320, 240, 150] as const;
export const AVATAR_SIZES = [320, 150] as const;

/** Feed aspect-ratio bounds (width / height): 4:5 portrait up to 1.91:1 landscape. */
export const MIN_ASPECT = 4 / 5;
export const MAX_ASPECT = 1.91;

/** Longest side of a transcoded video. */
export const MAX_VIDEO_SIDE = 1080;

/**
 * What encoding a video costs on one core, in seconds, measured with the encoder's settings
 * (libx264 veryfast, longest side 1080) on a busy two-core machine and rounded up: decoding and
 * scaling each source pixel, encoding each output pixel, and each frame's own overhead.
 */
export const ENCODE_SECONDS_PER_SOURCE_PIXEL = 1e-8;
export const ENCODE_SECONDS_PER_OUTPUT_PIXEL = 2.5e-8;
export const ENCODE_SECONDS_PER_FRAME = 1e-3;
/**
 * ffmpeg is killed after a minute plus twice that estimate: a file whose encoding costs much more
 * than its size and length promise (an expensive codec, timestamps that multiply its frames) fails
 * instead of holding the encoding slot. The longest video the caps let in gets about an hour.
 */
export const ENCODE_TIMEOUT_FLOOR_MS = 60_000;
export const ENCODE_TIMEOUT_FACTOR = 2;
