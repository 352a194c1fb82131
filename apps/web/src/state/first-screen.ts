import type { ClientRoute, ExploreResult, FeedPage } from '@shutter/contract';
import { pageDataKey } from '../lib/page-data';
import { hashtagGridPage, locationGridPage, normalTag, type HashtagGrid, type LocationGrid } from './queries/discover';
import { postedLoginKey } from './queries/auth';
import { answerOf, FEED_KEY } from './queries/feed';
import { hashtagPageKey } from './queries/hashtags';
import { exploreGridPage, exploreMediaKey } from './queries/explore';
import { hashtagMediaKey, locationMediaKey, postPageKey, profilePageKey, profilePostsKey } from './queries/post';
import { directoryKey, placePageKey } from './queries/places';
import { toGridPage, type ProfilePageData } from './queries/profile';
import { EDIT_PROFILE_PATH, type EditProfileData } from './queries/settings';
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
  /** The viewer's profile form, on the logged-in home page (its reminder to confirm an email). */
  editProfile?: EditProfileData;
  /** The page's query string (`?page=` of a directory page). */
  search?: string;
}

/** A place's page data and its first grid page, or a country's or city's directory page. */
function placeQueries(id: string, data: Record<string, unknown>, startPage: string | null): FirstScreenQuery[] {
  if ('graphql' in data) {
    const { location } = (data as { graphql: { location: LocationGrid } }).graphql;
    return [[placePageKey(id), data], [locationMediaKey(id), firstPage(locationGridPage(location))]];
  }
  return [[directoryKey(id, startPage), firstPage(data)]];
}

const firstPage = <T,>(page: T) => ({ pages: [page], pageParams: [null] });

/**
 * The query cache entries the first screen of a page reads, under the keys its hooks use, made
 * from what the service already read: the server renders from them, and the client starts from
 * the same entries, so its first render asks for nothing and matches the server's markup.
 */
export function firstScreenQueries({ route, params, pageData, feed, editProfile, search }: FirstScreenInput): FirstScreenQuery[] {
  const data = pageData as Record<string, unknown> | null;
  if (!data) return [];
  const startPage = new URLSearchParams(search ?? '').get('page');
  switch (route.page) {
    case 'home':
      return [
        ...(feed ? [[FEED_KEY, firstPage(answerOf(feed))] as FirstScreenQuery] : []),
        ...(editProfile ? [[pageDataKey(EDIT_PROFILE_PATH), editProfile] as FirstScreenQuery] : []),
      ];
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
      const tag = normalTag(params.tag ?? hashtag.name);
      return [[hashtagPageKey(tag), data], [hashtagMediaKey(tag), firstPage(hashtagGridPage(hashtag))]];
    }
    // Directory pages keep their page data under their own path, as their screens read it.
    case 'directory':
    case 'directory-suggested':
      return [[pageDataKey(route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '')), data]];
    case 'location':
      return params.id ? placeQueries(params.id, data, startPage) : [];
    case 'location-directory':
      return [[directoryKey('', startPage), firstPage(data)]];
    case 'explore': {
      const { explore } = (data as { graphql: { explore: ExploreResult } }).graphql;
      return [[exploreMediaKey(explore.cluster), firstPage(exploreGridPage(explore))]];
    }
    // Pages at one fixed path keep their page data under that path.
    case 'activity':
    case 'edit-profile':
    case 'login-activity':
    case 'two-factor':
    case 'contact-history':
    case 'manage-access':
      return [[pageDataKey(route.path), data]];
    // A refused login form post: the form starts from what was typed and the reason.
    case 'login':
      return data.login_error ? [[postedLoginKey, data.login_error]] : [];
    default:
      return [];
  }
}
