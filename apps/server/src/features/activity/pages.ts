import type { PageLoaders } from '../../platform/web/page-result.js';
import type { Activity } from './service.js';

export function activityPages(activity: Activity): PageLoaders {
  return {
    activity: async ({ viewerId, route }) => ({
      statusCode: 200,
      body: { graphql: { user: { activity_feed: await activity.feed(viewerId!) } }, status: 'ok' },
      meta: { title: route.title! },
    }),
  };
}
