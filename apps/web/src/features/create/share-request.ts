import type { MediaNode } from '@shutter/contract';
import { ApiError, apiPost, csrfToken, type FormFields } from '../../lib/api';
import { uploadIdOf, type CreationSession } from './creation-reducer';

/** `${Date.now()}${random digits}`: unique per file, within the server's [A-Za-z0-9_-]{1,64}. */
export function makeUploadId(now = Date.now(), random = Math.random): string {
  return `${now}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
}

export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

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
    xhr.open('POST', `/create/upload/${kind}/`);
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

const tagsOf = (item: CreationSession['items'][number]) => item.usertags.map((t) => ({ user_id: t.user.id, position: [round(t.x), round(t.y)] }));
const round = (v: number) => Math.round(v * 10000) / 10000;

/** The configure call for the session: one item is a post, two to ten a carousel (sidecar). */
export function configureRequest(state: CreationSession): { url: string; fields: FormFields } {
  const { caption, geoTag, locationId } = state.finalizedMedia;
  // A place picked from search goes by id; a typed name makes (or finds) a place of that name.
  const place = locationId ? { location_id: locationId } : { location: geoTag.trim() || undefined };
  if (state.items.length === 1) {
    const item = state.items[0]!;
    return {
      url: '/create/configure/',
      fields: {
        upload_id: uploadIdOf(item),
        caption,
        usertags: JSON.stringify(tagsOf(item)),
        ...place,
        custom_accessibility_caption: item.customAccessibilityCaption.trim() || undefined,
      },
    };
  }
  const children = state.items.map((item) => ({
    upload_id: uploadIdOf(item),
    usertags: tagsOf(item),
    custom_accessibility_caption: item.customAccessibilityCaption.trim(),
  }));
  return { url: '/create/configure_sidecar/', fields: { caption, ...place, children_metadata: JSON.stringify(children) } };
}

export async function configurePost(state: CreationSession): Promise<MediaNode> {
  const { url, fields } = configureRequest(state);
  const answer = await apiPost<{ media: MediaNode }>(url, fields);
  return answer.media;
}
