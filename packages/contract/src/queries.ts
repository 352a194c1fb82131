import { z } from 'zod';
import { HASHTAG_FOLLOW_LIST_PAGE, HASHTAG_NAME, MAX_PAGE_SIZE, SIMILAR_ACCOUNTS_MAX } from './constants.js';
import { COMMENT_LIKES_PAGE, FEED_PAGE_SIZE, FOLLOW_LIST_PAGE, GRID_PAGE_SIZE, LIKED_BY_PAGE, PARENT_COMMENTS_PAGE, SUGGESTED_USERS_DESKTOP, SUGGESTED_USERS_MOBILE } from './posts.js';
import { isId } from './ids.js';
import { REEL_BATCH_SIZE, STORY_VIEWERS_PAGE } from './stories.js';
import type { QueryName } from './query-hashes.js';

const first = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
const after = z.string().max(512).nullish();

/**
 * Persisted queries: GET /graphql/query/?query_hash=ID&variables=JSON, where ID is the md5 hex of
 * the query's name (QUERY_HASHES in query-hashes.ts, checked against md5 by a test). Variables are validated by these
 * schemas; unknown keys are ignored so that clients can send the spec's extra flags.
 */
const id = z.string().refine(isId, 'must be an id');
const shortcode = z.string().regex(/^[A-Za-z0-9_-]{1,11}$/, 'must be a shortcode');
const flag = z.boolean().optional();

export const queryVariables = {
  viewer: z.object({}),
  login_activity: z.object({ first: first.default(20), after }),
  /** Spec 000 §7: refresh and next page add the fetch_* variables; has_stories is false. */
  feed: z.object({
    has_threaded_comments: flag,
    fetch_media_item_count: first.default(FEED_PAGE_SIZE),
    fetch_media_item_cursor: after,
    fetch_comment_count: z.coerce.number().int().min(0).max(10).default(2),
    fetch_like: z.coerce.number().int().min(0).max(10).default(3),
    has_stories: flag,
    cached_feed_item_ids: z.array(id).max(100).optional(),
  }),
  liked_by: z.object({ shortcode, include_reel: flag, first: first.default(LIKED_BY_PAGE), after }),
  parent_comments: z.object({ shortcode, first: first.default(PARENT_COMMENTS_PAGE), after }),
  child_comments: z.object({ comment_id: id, first: first.default(3), after }),
  comment_likes: z.object({ comment_id: id, first: first.default(COMMENT_LIKES_PAGE), after }),
  profile_posts: z.object({ id, first: first.default(GRID_PAGE_SIZE), after }),
  follow_requests: z.object({ first: first.default(FOLLOW_LIST_PAGE), after }),
  saved_posts: z.object({ first: first.default(GRID_PAGE_SIZE), after }),
  tagged_posts: z.object({ id, first: first.default(GRID_PAGE_SIZE), after }),
  activity_counts: z.object({}),
  suggested_users_count: z.object({}),
  /** Spec 000 §7: 30 on mobile, 100 for the desktop feed fallback. */
  suggested_users: z.object({
    fetch_media_count: z.coerce.number().int().min(0).max(12).optional(),
    fetch_suggested_count: z.coerce.number().int().min(1).max(SUGGESTED_USERS_DESKTOP).default(SUGGESTED_USERS_MOBILE),
    ignore_cache: flag,
    filter_followed_friends: flag,
    seen_ids: z.array(id).max(500).optional(),
    include_reel: flag,
  }),
  /** Chaining: accounts similar to `id`, on its profile and at /{username}/similar_accounts/. */
  similar_accounts: z.object({ id, first: z.coerce.number().int().min(1).max(SIMILAR_ACCOUNTS_MAX).default(SIMILAR_ACCOUNTS_MAX) }),
  /** A hashtag's newest posts (its page), by the tag's name with or without '#'. */
  hashtag_media: z.object({ tag_name: z.string().regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'must be a hashtag'), first: first.default(GRID_PAGE_SIZE), after }),
  /** A place's newest posts (its page). */
  location_media: z.object({ id, first: first.default(GRID_PAGE_SIZE), after }),
  /** The hashtags a user follows (at /{username}/hashtag_following/). */
  hashtag_follow_list: z.object({ id, first: first.default(HASHTAG_FOLLOW_LIST_PAGE), after }),
  /** Explore's ranked grid, or one topical cluster's; its cursor carries the session's ranking, so it is longer. */
  explore_media: z.object({
    first: first.default(GRID_PAGE_SIZE),
    after: z.string().max(1024).nullish(),
    cluster: z.string().regex(HASHTAG_NAME, 'must be a cluster name').nullish(),
  }),
  /** Spec 002 §7 (tray refresh): the viewer's tray; the flags are accepted and change nothing. */
  feed_tray: z.object({ only_stories: flag, stories_prefetch: flag, stories_video_dash_manifest: flag }),
  /**
   * Spec 002 §7: reels by id (people's user ids), hashtag, place or highlight, at most a batch of
   * 15 of each; the viewer lists only for the owner, when show_story_viewer_list asks.
   */
  reels_media: z.object({
    reel_ids: z.array(id).max(REEL_BATCH_SIZE).default([]),
    tag_names: z.array(z.string().regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'must be a hashtag')).max(REEL_BATCH_SIZE).default([]),
    location_ids: z.array(id).max(REEL_BATCH_SIZE).default([]),
    highlight_reel_ids: z.array(id).max(REEL_BATCH_SIZE).default([]),
    single_item_reel_id: id.nullish(),
    precomposed_overlay: flag,
    show_story_viewer_list: flag,
    story_viewer_fetch_count: z.coerce.number().int().min(1).max(STORY_VIEWERS_PAGE).default(STORY_VIEWERS_PAGE),
    story_viewer_cursor: after,
    stories_video_dash_manifest: flag,
  }),
  /** Spec 002 §7: a story's viewers, its owner's alone. */
  story_viewers: z.object({
    item_id: id,
    story_viewer_fetch_count: z.coerce.number().int().min(1).max(STORY_VIEWERS_PAGE).default(STORY_VIEWERS_PAGE),
    story_viewer_cursor: after,
  }),
  follow_list: z.object({
    id,
    type: z.enum(['followers', 'following']),
    first: first.default(FOLLOW_LIST_PAGE),
    after,
    mutual_only: flag,
    mutual_first: flag,
  }),
} as const satisfies Record<QueryName, z.ZodType>;
