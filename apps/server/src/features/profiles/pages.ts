import { HttpError } from '../../platform/errors.js';
import { notAvailable, type PageLoaders } from '../../platform/web/page-result.js';
import type { Profiles } from './service.js';

/** `/{username}/` and its tabs and lists: the same view as everywhere, from the profiles service. */
export function profilePages(profiles: Profiles): PageLoaders {
  return {
    profile: async ({ route, params, viewerId }) => {
      // The saved tab belongs to its owner alone.
      const suffix = route.path.split('/')[2] ?? '';
      try {
        const { user, show_suggested_profiles } = await profiles.view(params.username ?? '', viewerId);
        if (suffix === 'saved' && viewerId !== user.id) return notAvailable();
        const name = user.full_name ? `${user.full_name} (@${user.username})` : `@${user.username}`;
        return {
          statusCode: 200,
          body: { graphql: { user }, show_suggested_profiles, status: 'ok' },
          meta: { title: name, description: user.biography || `See photos and videos from ${name} on Shutter.`, image: user.profile_pic_url_hd, type: 'profile' },
        };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
        throw err;
      }
    },
  };
}
