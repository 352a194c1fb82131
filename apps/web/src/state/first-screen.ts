import type { ClientRoute, ExploreResult, FeedPage } from '@shutter/contract';
import { pageDataKey } from '../lib/page-data';
import { hashtagGridPage, locationGridPage, normalTag, type HashtagGrid, type LocationGrid } from './queries/discover';
import { answerOf, FEED_KEY } from './queries/feed';
import { exploreGridPage, exploreMediaKey } from './queries/explore';
import { hashtagMediaKey, locationMediaKey, postPageKey, profilePageKey, profilePostsKey } from './queries/post';
import { toGridPage, type ProfilePageData } from './queries/profile';
import type { FirstScreenQuery } from './first-screen-state';

export type { FirstScreenQuery, FirstScreenState } from './first-screen-state';

/** What the service read for a page before rendering it: the route, its parameters, its page data. */
export interface FirstScreenInput {
  route: Pick<ClientRoute, 'path' | 'page'>;
  params: Record<string, string | undefined>;
  /** The page data (what `?__a=1` answers). */
  pageData: unknown;
  /** The logged-in home page's first feed page (the answer of the first `feed` query). */
  feed?: FeedPage;
}

const firstPage = <T,>(page: T) => ({ pages: [page], pageParams: [null] });

/**
 * The query cache entries the first screen of a page reads, under the keys its hooks use, made
 * from what the service already read: the server renders from them, and the client starts from
 * the same entries, so its first render asks for nothing and matches the server's markup.
 */
export function firstScreenQueries({ route, params, pageData, feed }: FirstScreenInput): FirstScreenQuery[] {
  const data = pageData as Record<string, unknown> | null;
  if (!data) return [];
  switch (route.page) {
    case 'home':
      return feed ? [[FEED_KEY, firstPage(answerOf(feed))]] : [];
    case 'profile': {
      const user = (data as unknown as ProfilePageData).graphql.user;
      const posts = user.edge_owner_to_timeline_media;
      const grid: FirstScreenQuery[] = posts.edges && posts.page_info
        ? [[profilePostsKey(user.id), firstPage(toGridPage({ count: posts.count, edges: posts.edges, page_info: posts.page_info }))]]
        : [];
      return [[profilePageKey(params.username ?? user.username), data], ...grid];
    }
    case 'post':
      return params.code ? [[postPageKey(params.code), data]] : [];
    case 'hashtag': {
      const { hashtag } = (data as { graphql: { hashtag: HashtagGrid } }).graphql;
      return [[hashtagMediaKey(normalTag(params.tag ?? hashtag.name)), firstPage(hashtagGridPage(hashtag))]];
    }
    case 'location': {
      const { location } = (data as { graphql: { location: LocationGrid } }).graphql;
      return params.id ? [[locationMediaKey(params.id), firstPage(locationGridPage(location))]] : [];
    }
    case 'explore': {
      const { explore } = (data as { graphql: { explore: ExploreResult } }).graphql;
      return [[exploreMediaKey(explore.cluster), firstPage(exploreGridPage(explore))]];
    }
    // Pages at one fixed path keep their page data under that path.
    case 'activity':
    case 'edit-profile':
    case 'login-activity':
      return [[pageDataKey(route.path), data]];
    default:
      return [];
  }
}
