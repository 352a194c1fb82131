import type { DirectoryKind, DirectoryPageData, SuggestedDirectoryPageData } from '@shutter/contract';
import { usePageData } from '../../lib/page-data';

/** The directories resource: the public profiles and hashtags by key range, and profiles around one person. */

/** Where a directory page is, from its kind and key: `/directory/profiles/3-7/`. */
export const directoryPath = (kind: DirectoryKind, key: string | null) => (key ? `/directory/${kind}/${key}/` : `/directory/${kind}/`);

export const useDirectoryPage = (kind: DirectoryKind, key: string | null) =>
  usePageData<DirectoryPageData>(directoryPath(kind, key), { result: (r) => r.pageData.directory });

export const suggestedDirectoryPath = (username: string) => `/directory/suggested/${username}/`;

export const useSuggestedDirectory = (username: string) =>
  usePageData<SuggestedDirectoryPageData>(suggestedDirectoryPath(username), { result: (r) => r.pageData['directory-suggested'] });
