import type { PageLoaders } from '../../platform/web/page-result.js';
import type { ProfileTabs } from '../tabs/service.js';
import type { Activity } from './service.js';

export function activityPages(activity: Activity, tags: Pick<ProfileTabs, 'tagStatuses'>): PageLoaders {
  return {
    activity: async ({ viewerId, route }) => {
      const feed = await activity.feed(viewerId!);
      // A tag of the reader says where its review stands: waiting (approve or remove), approved, or removed (null).
      const tagged = feed.edge_web_activity_feed.edges.flatMap(({ node }) => (node.type === 'usertag' && node.media ? [node.media.id] : []));
      const statuses = await tags.tagStatuses(viewerId!, [...new Set(tagged)]);
      const edges = feed.edge_web_activity_feed.edges.map(({ node }) =>
        node.type === 'usertag' && node.media ? { node: { ...node, tag_status: statuses.get(node.media.id) ?? null } } : { node },
      );
      return {
        statusCode: 200,
        body: { graphql: { user: { activity_feed: { ...feed, edge_web_activity_feed: { edges } } } }, status: 'ok' },
        meta: { title: route.title! },
      };
    },
  };
}
