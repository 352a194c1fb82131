import type { MEDIA_ERROR_CODES } from '@shutter/contract/results';
import { HttpError } from '../errors.js';
import { MAX_PIXELS, MAX_VIDEO_SECONDS } from './limits.js';

/** The codes are the contract's, so that the failure schema (and clients) know them. */
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];

const DEFAULT_MESSAGES: Record<MediaErrorCode, string> = {
  unsupported: "This file isn't a photo or video we can use.",
  too_large: 'This file is too large.',
  too_many_pixels: `This photo has more than ${MAX_PIXELS / 1_000_000} megapixels.`,
  corrupt: 'This file is damaged or incomplete.',
  too_long: `Videos can be at most ${MAX_VIDEO_SECONDS / 60} minutes long.`,
};

/**
 * A media file the service refuses. The code travels in the API's failure body next to the message
 * (the error handler spreads `extra`), so clients can branch on it without parsing English.
 */
export class MediaError extends HttpError {
  constructor(
    readonly code: MediaErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    options: { cause?: unknown } = {},
  ) {
    super(code === 'too_large' ? 413 : 400, message, { code });
    this.name = 'MediaError';
    // Kept for the logs only: the cause (a decoder's or ffmpeg's words) never reaches the client.
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
