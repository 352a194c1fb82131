import { ApiError, apiPost } from '../../lib/api';
import { csrfToken } from '../../lib/csrf';

/** The account resource: the viewer's profile picture (upload and removal). */

/** The answer of `web_change_profile_picture` / `web_remove_profile_picture` (docs/api-accounts.md). */
export interface ProfilePictureAnswer {
  changed_profile?: boolean;
  has_profile_pic?: boolean;
  profile_pic_url?: string;
  profile_pic_url_hd?: string;
  profile_pic_to_post_upsell_eligible?: boolean;
}

/** `POST /accounts/web_change_profile_picture/` as multipart (`profile_pic`); apiPost only sends forms. */
export async function uploadProfilePicture(file: File): Promise<ProfilePictureAnswer> {
  const body = new FormData();
  body.append('profile_pic', file);
  let response: Response;
  try {
    response = await fetch('/accounts/web_change_profile_picture/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-CSRFToken': csrfToken(), 'X-Requested-With': 'XMLHttpRequest' },
      body,
    });
  } catch (error) {
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }
  const answer = (await response.json().catch(() => null)) as (ProfilePictureAnswer & { message?: string }) | null;
  if (!response.ok) throw new ApiError(response.status, answer, answer?.message ?? `HTTP ${response.status}`);
  return answer ?? {};
}

export function removeProfilePicture(): Promise<ProfilePictureAnswer> {
  return apiPost<ProfilePictureAnswer>('/accounts/web_remove_profile_picture/');
}
