import { MAX_IMAGE_PIXELS } from '@shutter/contract';
import { MAX_PHOTO_MB, MAX_VIDEO_MB, MAX_VIDEO_MINUTES, SIDECAR_MAX_ITEMS } from '@shutter/contract';

/** The server's other photo limit (docs/api-posts.md): 50 megapixels. */
export const MAX_PHOTO_PIXELS = MAX_IMAGE_PIXELS;
const MB = 1024 * 1024;

export type MediaKind = 'image' | 'video';
export type FileProblem = 'type' | 'photoSize' | 'videoSize' | 'tooMany' | 'pixels' | 'duration' | 'unreadable';

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export function kindOf(file: FileLike): MediaKind | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

export interface FileCheck<F extends FileLike> {
  accepted: { file: F; kind: MediaKind }[];
  refused: { name: string; problem: FileProblem }[];
}

/**
 * First checks, before decoding: the type, the size, and at most SIDECAR_MAX_ITEMS in a post (the
 * files past the tenth are refused, the first ten kept). The server checks everything again.
 */
export function checkFiles<F extends FileLike>(files: readonly F[]): FileCheck<F> {
  const out: FileCheck<F> = { accepted: [], refused: [] };
  for (const file of files) {
    const kind = kindOf(file);
    let problem: FileProblem | null = null;
    if (!kind) problem = 'type';
    else if (kind === 'image' && file.size > MAX_PHOTO_MB * MB) problem = 'photoSize';
    else if (kind === 'video' && file.size > MAX_VIDEO_MB * MB) problem = 'videoSize';
    else if (out.accepted.length >= SIDECAR_MAX_ITEMS) problem = 'tooMany';
    if (problem || !kind) out.refused.push({ name: file.name, problem: problem ?? 'type' });
    else out.accepted.push({ file, kind });
  }
  return out;
}

/** Checks once the file is decoded: the photo's pixel count, the video's length. */
export function checkDecoded(kind: MediaKind, width: number, height: number, durationSeconds = 0): FileProblem | null {
  if (kind === 'image' && width * height > MAX_PHOTO_PIXELS) return 'pixels';
  if (kind === 'video' && durationSeconds > MAX_VIDEO_MINUTES * 60) return 'duration';
  return null;
}
