import { checkDecoded, type FileProblem, type MediaKind } from './media-files';

/** Decoded pictures by object URL, shared by the crop preview, the thumbnails and the export. */
const images = new Map<string, Promise<HTMLImageElement>>();

export function loadImage(url: string): Promise<HTMLImageElement> {
  let pending = images.get(url);
  if (!pending) {
    pending = new Promise((resolve, reject) => {
      const img = new Image();
      img.decoding = 'async';
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error('unreadable'));
      img.src = url;
    });
    images.set(url, pending);
  }
  return pending;
}

export function forgetImages(): void {
  images.clear();
}

/** A video's size and length, from its metadata only. */
export function loadVideo(url: string): Promise<{ width: number; height: number; duration: number }> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => resolve({ width: video.videoWidth, height: video.videoHeight, duration: video.duration });
    video.onerror = () => reject(new Error('unreadable'));
    video.src = url;
  });
}

export type Decoded = { ok: true; url: string; width: number; height: number } | { ok: false; problem: FileProblem };

/** Decodes a file far enough to know its size (and a video's length); the browser applies EXIF turns. */
export async function decodeMedia(file: File, kind: MediaKind): Promise<Decoded> {
  const url = URL.createObjectURL(file);
  try {
    const meta = kind === 'image' ? await loadImage(url).then((img) => ({ width: img.naturalWidth, height: img.naturalHeight, duration: 0 })) : await loadVideo(url);
    const problem = meta.width && meta.height ? checkDecoded(kind, meta.width, meta.height, meta.duration) : 'unreadable';
    if (problem) throw new Error(problem);
    return { ok: true, url, width: meta.width, height: meta.height };
  } catch (error) {
    URL.revokeObjectURL(url);
    images.delete(url);
    const problem = error instanceof Error && (error.message === 'pixels' || error.message === 'duration') ? error.message : 'unreadable';
    return { ok: false, problem };
  }
}
