import type { StoryAudience, StorySticker } from '@shutter/contract';
import { ApiError, apiPost, type FormFields } from '../../lib/api';
import { csrfToken } from '../../lib/csrf';

/** The creation resource: uploading a photo or video, then publishing uploads as a post or a carousel. */

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const uploadUrl = (kind: 'photo' | 'video') => `/create/upload/${kind}/`;

/**
 * POST /create/upload/{photo|video}/ as multipart. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Resolves with the answer; rejects with an ApiError like apiPost's.
 */
export function uploadMedia(kind: 'photo' | 'video', uploadId: string, file: Blob, fileName: string, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append('upload_id', uploadId);
    body.append(kind, file, fileName);
    xhr.open('POST', uploadUrl(kind));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRFToken', csrfToken());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(answer);
      const message = (answer as { message?: unknown } | null)?.message;
      reject(new ApiError(xhr.status, answer, typeof message === 'string' && message ? message : `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, null, 'Aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** One upload publishes a post (`/create/configure/`), two to ten a carousel (`/create/configure_sidecar/`). */
export const configureUrl = (carousel: boolean) => (carousel ? '/create/configure_sidecar/' : '/create/configure/');

export async function configureMedia(carousel: boolean, fields: FormFields) {
  return (await apiPost(configureUrl(carousel), fields, { result: (r) => r.mediaAnswer })).media;
}

/** Publishes an uploaded story frame to the viewer's story, for everyone or close friends. */
export function configureStory(uploadId: string, audience: StoryAudience, stickers: StorySticker[]): Promise<{ media: { id: string } }> {
  return apiPost('/create/configure_to_story/', {
    upload_id: uploadId,
    audience: audience === 'besties' ? 'besties' : undefined,
    story_stickers: JSON.stringify(stickers),
  });
}
