import { USERNAME_PATTERN, type DirectoryKind } from '@shutter/contract';
import { notAvailable, type PageLoaders } from '../../platform/web/page-result.js';
import type { Directories } from './service.js';

const NAMES: Record<DirectoryKind, string> = { profiles: 'Profiles directory', hashtags: 'Hashtags directory' };

/** `/directory/{profiles,hashtags}/[{key}/]` and `/directory/suggested/{username}/`; 404 for keys that name no list. */
export function directoryPages(directories: Directories): PageLoaders {
  return {
    directory: async ({ route, params, viewerId }) => {
      const kind: DirectoryKind = route.path.startsWith('/directory/hashtags/') ? 'hashtags' : 'profiles';
      const page = await directories.page(kind, params.key ?? null, viewerId);
      if (!page) return notAvailable();
      const { first, last } = page.level_info;
      const range = params.key && first ? ` (${first} – ${last})` : '';
      const what = kind === 'profiles' ? 'public profiles' : 'hashtags';
      return {
        statusCode: 200,
        body: page,
        meta: { title: `${NAMES[kind]}${range}`, description: `Browse the ${what} on Shutter${range ? `, from ${first} to ${last}` : ''}.` },
      };
    },
    'directory-suggested': async ({ params, viewerId }) => {
      const username = params.username ?? '';
      const page = USERNAME_PATTERN.test(username) ? await directories.suggested(username, viewerId) : null;
      if (!page) return notAvailable();
      return {
        statusCode: 200,
        body: page,
        meta: { title: `Profiles suggested around @${page.user.username}`, description: `Public profiles around @${page.user.username} on Shutter.` },
      };
    },
  };
}
