import { STORY_VIDEO_MAX_SEC } from '@shutter/contract';
import { checkFiles, MAX_PHOTO_PIXELS } from '../create/media-files';
import { loadImage, loadVideo } from '../create/media-load';
import type { SourceMedia } from './story-reducer';

export type SourceProblem = 'type' | 'size' | 'duration' | 'unreadable';

/** Checks and decodes the picked file far enough to show it (the service checks it again). */
export async function openSource(file: File): Promise<{ ok: true; source: SourceMedia } | { ok: false; problem: SourceProblem }> {
  const check = checkFiles([file]);
  const accepted = check.accepted[0];
  if (!accepted) return { ok: false, problem: check.refused[0]?.problem === 'type' ? 'type' : 'size' };
  const url = URL.createObjectURL(file);
  try {
    if (accepted.kind === 'image') {
      const image = await loadImage(url);
      if (!image.naturalWidth || image.naturalWidth * image.naturalHeight > MAX_PHOTO_PIXELS) throw new Error('unreadable');
      return { ok: true, source: { kind: 'image', file, name: file.name, url, width: image.naturalWidth, height: image.naturalHeight, duration: 0 } };
    }
    const meta = await loadVideo(url);
    if (!meta.width) throw new Error('unreadable');
    if (meta.duration > STORY_VIDEO_MAX_SEC + 0.5) {
      URL.revokeObjectURL(url);
      return { ok: false, problem: 'duration' };
    }
    return { ok: true, source: { kind: 'video', file, name: file.name, url, width: meta.width, height: meta.height, duration: meta.duration } };
  } catch {
    URL.revokeObjectURL(url);
    return { ok: false, problem: 'unreadable' };
  }
}
