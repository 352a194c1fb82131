import type { Viewer } from '@shutter/contract';
import type { Storage } from './storage.js';

export const DEFAULT_AVATAR_URL = '/static/default-avatar.svg';

export interface UserPicture {
  profile_pic_key: string | null;
}

/** Profile pictures are stored as two squares: 150 px for lists, 320 px for the profile header. */
export function profilePicUrls(user: UserPicture, storage: Storage) {
  if (!user.profile_pic_key) return { profile_pic_url: DEFAULT_AVATAR_URL, profile_pic_url_hd: DEFAULT_AVATAR_URL, has_profile_pic: false };
  return {
    profile_pic_url: storage.url(`${user.profile_pic_key}_150.jpg`),
    profile_pic_url_hd: storage.url(`${user.profile_pic_key}_320.jpg`),
    has_profile_pic: true,
  };
}

export function presentViewer(user: { id: string; username: string; full_name: string } & UserPicture, storage: Storage): Viewer {
  return { id: user.id, username: user.username, full_name: user.full_name, ...profilePicUrls(user, storage) };
}

export interface UserSummaryRow extends UserPicture {
  id: string;
  username: string;
  full_name: string;
  is_private: boolean;
  is_verified: boolean;
}

/** The small form of a user that lists and posts carry. */
export function presentUserSummary(u: UserSummaryRow, storage: Storage) {
  return {
    id: u.id,
    username: u.username,
    full_name: u.full_name,
    profile_pic_url: profilePicUrls(u, storage).profile_pic_url,
    is_private: u.is_private,
    is_verified: u.is_verified,
  };
}
