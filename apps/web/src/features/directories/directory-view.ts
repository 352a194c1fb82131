import type { DirectoryKind, DirectoryPageData } from '@shutter/contract';
import { directoryPath } from '../../state/queries/directories';

export const directoryKindOf = (pathname: string): DirectoryKind => (pathname.startsWith('/directory/hashtags/') ? 'hashtags' : 'profiles');

export interface Crumb {
  /** Null for the directory's root (its name), a key otherwise. */
  key: string | null;
  path: string;
  current: boolean;
}

/** The trail from the directory's root to this key: `3-7-1` is root, `3`, `3-7`, `3-7-1`. */
export function breadcrumbOf(kind: DirectoryKind, key: string | null): Crumb[] {
  const parts = key ? key.split('-') : [];
  const keys = [null, ...parts.map((_, i) => parts.slice(0, i + 1).join('-'))];
  return keys.map((k, i) => ({ key: k, path: directoryPath(kind, k), current: i === keys.length - 1 }));
}

/** The page one level up (the root's is itself). */
export function parentPath(kind: DirectoryKind, key: string | null): string {
  const crumbs = breadcrumbOf(kind, key);
  return crumbs[Math.max(0, crumbs.length - 2)]!.path;
}

/** What a directory page shows: its sub-keys, its entries, or that it is empty. */
export type DirectoryBody =
  | { kind: 'keys'; keys: DirectoryPageData['key_list'] }
  | { kind: 'profiles'; profiles: DirectoryPageData['profile_list'] }
  | { kind: 'hashtags'; hashtags: DirectoryPageData['hashtag_list'] }
  | { kind: 'empty' };

export function directoryBody(data: DirectoryPageData): DirectoryBody {
  if (!data.level_info.is_last_level) return data.key_list.length ? { kind: 'keys', keys: data.key_list } : { kind: 'empty' };
  if (data.level_info.kind === 'hashtags') return data.hashtag_list.length ? { kind: 'hashtags', hashtags: data.hashtag_list } : { kind: 'empty' };
  return data.profile_list.length ? { kind: 'profiles', profiles: data.profile_list } : { kind: 'empty' };
}
