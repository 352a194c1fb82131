import { MAX_ASPECT, MIN_ASPECT } from './limits.js';

export interface Size {
  width: number;
  height: number;
}

/**
 * The centred region a feed photo keeps: unchanged between 4:5 and 1.91:1, otherwise cut down on
 * the long side to the nearest bound (a panorama loses its ends, a tall screenshot its top and bottom).
 */
export function clampAspect({ width, height }: Size): Size {
  const ratio = width / height;
  if (ratio < MIN_ASPECT) return { width, height: Math.max(1, Math.min(height, Math.round(width / MIN_ASPECT))) };
  if (ratio > MAX_ASPECT) return { width: Math.max(1, Math.min(width, Math.round(height * MAX_ASPECT))), height };
  return { width, height };
}

/**
 * The sizes to store for a source `available` px wide, largest first. Never upscales: the largest is
 * the first standard size or the source itself when it is narrower, so a 900 px photo keeps 900 px
 * rather than dropping to 750, and a 100 px one still gets one variant.
 */
export function variantSizes(available: number, standard: readonly number[]): number[] {
  const largest = Math.min(standard[0]!, available);
  return [largest, ...standard.filter((w) => w < largest)];
}

/**
 * Scales to fit `maxSide` (even) on the longest side, keeping the aspect, with the even sides yuv420p
 * needs; rounding never goes past the source, so an odd 321 px side becomes 320, not 322.
 */
export function fitEven({ width, height }: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.min(2 * Math.round((n * scale) / 2), 2 * Math.floor(n / 2)));
  return { width: even(width), height: even(height) };
}
