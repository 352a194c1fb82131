import { z } from 'zod';
import type { QueryName } from '../query-hashes.js';
import { connectionOf, edgesOf, idString, pageOf, userSummary } from './common.js';
import { hashtagFollowList, hashtagGrid } from './hashtags.js';
import { commentNode, feedTimeline, location, mediaGrid, parentComment, taggedMediaNode } from './posts.js';
import { explore } from './explore.js';
import { feedTray, reelsMedia, storyViewersResult } from './stories.js';
import { followList, listedUser, loginSession, suggestion, suggestions, viewer } from './users.js';

/**
 * What each persisted query answers: `{"data": <its result>, "status": "ok"}`, where the result is
 * the schema of its name here. The server's answers are checked against them in tests.
 */
const results = {
  viewer: z.object({ user: viewer.nullable() }),
  login_activity: z.object({ user: z.object({ edge_sessions: pageOf(loginSession) }) }),
  feed: z.object({ user: z.object({ edge_web_feed_timeline: feedTimeline }) }),
  liked_by: z.object({ shortcode_media: z.object({ shortcode: z.string(), edge_liked_by: connectionOf(listedUser) }) }),
  parent_comments: z.object({ shortcode_media: z.object({ shortcode: z.string(), edge_media_to_parent_comment: connectionOf(parentComment) }) }),
  child_comments: z.object({ comment: z.object({ id: idString, edge_threaded_comments: connectionOf(commentNode) }) }),
  comment_likes: z.object({ comment: z.object({ id: idString, edge_liked_by: connectionOf(listedUser) }) }),
  profile_posts: z.object({ user: z.object({ id: idString, edge_owner_to_timeline_media: mediaGrid }) }),
  follow_requests: z.object({ user: z.object({ edge_follow_requests: connectionOf(userSummary) }) }),
  /** edge_followed_by for type followers, edge_follow for type following. */
  follow_list: z.object({ user: z.object({ id: idString, edge_followed_by: followList.optional(), edge_follow: followList.optional() }) }),
  activity_counts: z.object({
    user: z.object({
      activity_counts: z.object({
        comment_likes: z.number().int(), comments: z.number().int(), likes: z.number().int(), relationships: z.number().int(), usertags: z.number().int(),
      }),
    }),
  }),
  suggested_users_count: z.object({ user: z.object({ edge_suggested_users: z.object({ count: z.number().int() }) }) }),
  suggested_users: z.object({ user: z.object({ edge_suggested_users: suggestions }) }),
  saved_posts: z.object({ user: z.object({ edge_saved_media: mediaGrid }) }),
  tagged_posts: z.object({
    user: z.object({
      id: idString,
      edge_user_to_photos_of_you: connectionOf(taggedMediaNode),
      usertag_review_enabled: z.boolean().optional().describe("On the tagged person's own tab: whether new tags wait for their approval."),
    }),
  }),
  similar_accounts: z.object({ user: z.object({ id: idString, edge_chaining: edgesOf(suggestion) }) }),
  hashtag_media: z.object({ hashtag: hashtagGrid }),
  hashtag_follow_list: z.object({ user: z.object({ id: idString, edge_following_hashtag: hashtagFollowList }) }),
  location_media: z.object({ location }),
  explore_media: z.object({ explore }),
  feed_tray: feedTray,
  reels_media: reelsMedia,
  story_viewers: storyViewersResult,
} as const satisfies Record<QueryName, z.ZodType>;

const pascal = (name: string) => name.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
/** Each result is a named component of the OpenAPI document: FeedQueryResult, ViewerQueryResult... */
export const queryResults = Object.fromEntries(
  Object.entries(results).map(([name, schema]) => [name, schema.meta({ id: `${pascal(name)}QueryResult`, description: `The result of the persisted query ${name}.` })]),
) as unknown as typeof results;

/** A persisted query's whole answer. */
export const queryAnswerOf = <N extends QueryName>(name: N) => z.object({ data: queryResults[name], status: z.literal('ok') });

/** The result of a persisted query by its name: `QueryResult<'feed'>`. */
export type QueryResult<N extends QueryName> = z.infer<(typeof queryResults)[N]>;
export type QueryAnswer<N extends QueryName> = { data: QueryResult<N>; status: 'ok' };
