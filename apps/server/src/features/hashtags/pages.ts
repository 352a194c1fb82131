import { GRID_PAGE_SIZE } from '@shutter/contract';
import { notAvailable, type PageLoaders } from '../../platform/web/page-result.js';
import { hashtagName, type HashtagsService } from './service.js';

/** The tabs of a hashtag's page; any other is not a page. */
const TABS = new Set(['top', 'recent']);

/** `/explore/tags/{tag}/` and its `top` and `recent` tabs: graphql.hashtag. */
export function hashtagPages(hashtags: HashtagsService): PageLoaders {
  return {
    hashtag: async ({ params, viewerId }) => {
      const name = hashtagName(params.tag ?? '');
      if (!name || (params.tab !== undefined && !TABS.has(params.tab))) return notAvailable();
      const hashtag = await hashtags.page(name, viewerId, GRID_PAGE_SIZE);
      return {
        statusCode: 200,
        body: { graphql: { hashtag }, status: 'ok' },
        meta: {
          title: `#${name}`,
          description: `Photos and videos tagged #${name} on Shutter.`,
          // A sensitive tag's preview shows no post: link previews skip the advisory.
          ...(hashtag.profile_pic_url && !hashtag.content_advisory ? { image: hashtag.profile_pic_url } : {}),
        },
      };
    },
  };
}
