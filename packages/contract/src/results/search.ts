import { z } from 'zod';
import { codedMessage, idString, reelRing, userSummary } from './common.js';

/** Search answers: top search, the null state's sections and recent searches. */

export const searchUser = userSummary.extend({
  pk: idString.describe('The result key of a person (same as id).'),
  followed_by_viewer: z.boolean(),
  follows_viewer: z.boolean(),
  search_social_context: z.string().nullable().describe('"Following", "Follows you" or "Followed by x"; null for a stranger.'),
  search_social_context_message: codedMessage.nullable(),
  subtitle: z.string().describe('The name, and the social context after a dot.'),
  unseen_count: z.number().int().describe('Their live stories the viewer has not seen yet.'),
  reel: reelRing.nullable().describe('Their live story for the ring, when include_reel asks for it and one exists.'),
}).meta({ id: 'SearchUser' });

export const searchHashtag = z.object({
  id: z.string().describe('The result key of a hashtag (its fbid).'),
  fbid: z.string(),
  name: z.string(),
  media_count: z.number().int(),
  search_result_subtitle: z.string(),
}).meta({ id: 'SearchHashtag' });

export const searchPlace = z.object({
  location: z.object({
    pk: idString.describe('The result key of a place (its location id).'),
    name: z.string(),
    slug: z.string(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  media_count: z.number().int(),
}).meta({ id: 'SearchPlace' });

export const userResult = z.object({ position: z.number().int(), user: searchUser });
export const hashtagResult = z.object({ position: z.number().int(), hashtag: searchHashtag });
export const placeResult = z.object({ position: z.number().int(), place: searchPlace });

export const topSearch = z.object({
  users: z.array(userResult),
  hashtags: z.array(hashtagResult),
  places: z.array(placeResult),
  rank_token: z.string(),
  has_more: z.boolean(),
  status: z.literal('ok'),
}).meta({ id: 'TopSearch', description: 'People, hashtags and places, each with its position in one blended order.' });

/** A recent search: exactly one of user, hashtag and place. */
export const recentItem = z.object({
  position: z.number().int(),
  user: searchUser.optional(),
  hashtag: searchHashtag.optional(),
  place: searchPlace.optional(),
}).meta({ id: 'RecentSearch' });

export const recentSearches = z.object({ recent: z.array(recentItem), status: z.literal('ok') }).meta({ id: 'RecentSearches' });

export const nullStateSection = z.object({
  type: z.string(),
  title: z.string(),
  title_message: codedMessage,
  items: z.array(recentItem),
}).meta({ id: 'NullStateSection' });

export const nullStateSections = z.object({ sections: z.array(nullStateSection), status: z.literal('ok') }).meta({ id: 'NullStateSections' });

export type TopSearchAnswer = z.infer<typeof topSearch>;
export type SearchUserResult = z.infer<typeof searchUser>;
export type SearchHashtagResult = z.infer<typeof searchHashtag>;
export type SearchPlaceResult = z.infer<typeof searchPlace>;
export type RecentSearchItem = z.infer<typeof recentItem>;
export type RecentSearchesAnswer = z.infer<typeof recentSearches>;
export type NullStateSectionResult = z.infer<typeof nullStateSection>;
export type NullStateSectionsAnswer = z.infer<typeof nullStateSections>;
