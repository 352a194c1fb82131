import { MAX_IMAGE_PIXELS } from '@shutter/contract';
/** Upload limits. Decided here because the spec leaves them open; see media-error.ts for the wording. */
export const MAX_PHOTO_BYTES = 30 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 600;
export const MAX_PIXELS = MAX_IMAGE_PIXELS;

/** Widths of the stored photo variants, largest first; the web picks one with srcset. */
export const IMAGE_VARIANT_WIDTHS = [1080, 750, 640, 480, 320, 240, 150] as const;
export const AVATAR_SIZES = [320, 150] as const;

/** Feed aspect-ratio bounds (width / height): 4:5 portrait up to 1.91:1 landscape. */
export const MIN_ASPECT = 4 / 5;
export const MAX_ASPECT = 1.91;

/** Longest side of a transcoded video. */
export const MAX_VIDEO_SIDE = 1080;
