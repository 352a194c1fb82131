import { HttpError } from '../../platform/errors.js';
import { shortcodeToId } from '../../platform/shortcodes.js';
import { notAvailable, type PageLoaders } from '../../platform/web/page-result.js';
import type { PostsService } from './service.js';

/** A post's page (`/p/{code}/` and its other paths): the post as the post page shows it. */
export function postPages(posts: PostsService): PageLoaders {
  return {
    post: async ({ params, viewerId }) => {
      const id = shortcodeToId(params.code ?? '');
      if (!id) return notAvailable();
      try {
        const media = await posts.page(id, viewerId);
        const caption = media.edge_media_to_caption.edges[0]?.node.text ?? '';
        const who = media.owner.full_name ? `${media.owner.full_name} (@${media.owner.username})` : `@${media.owner.username}`;
        return {
          statusCode: 200,
          body: { graphql: { shortcode_media: media }, status: 'ok' },
          meta: {
            title: caption ? `${who} on Shutter: “${caption.slice(0, 80)}${caption.length > 80 ? '…' : ''}”` : `Post by ${who}`,
            description: caption || `A post by ${who} on Shutter.`,
            image: media.display_url,
            type: media.is_video ? 'video.other' : 'article',
          },
        };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
        throw err;
      }
    },
  };
}
