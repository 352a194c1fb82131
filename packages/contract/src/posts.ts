/**
 * Posts, comments and the feed as the API answers them (the spec's GraphQL-like shapes: edges,
 * node, page_info). Types only: the web client imports them without pulling zod into its bundle.
 */
import type { Edges, PageInfo } from './pages.js';

/** Spec 000 §9 and 002 §9. */
export const SOCIAL_CONTEXT_LIKERS = 3;
export const PARENT_COMMENTS_PAGE = 24;
export const CHILD_COMMENTS_SHOWN = 3;
export const COMMENT_LIKES_PAGE = 24;
export const FEED_PAGE_SIZE = 12;
export const FEED_PREVIEW_COMMENTS = 2;
export const LIKED_BY_PAGE = 24;
/** A grid of posts (a profile, a tab, a hashtag or a place) pages by this many. */
export const GRID_PAGE_SIZE = 12;
/** Follow lists and follow requests page by this many. */
export const FOLLOW_LIST_PAGE = 24;
/** Suggested accounts per fetch: the phone's feed unit, and the desktop feed's fallback list. */
export const SUGGESTED_USERS_MOBILE = 30;
export const SUGGESTED_USERS_DESKTOP = 100;
/** Larger images are refused (decompression bombs), on the client before upload and on the server. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Our limits (the spec leaves them out; these are the original product's). */
export const CAPTION_MAX_LENGTH = 2200;
export const MAX_HASHTAGS = 30;
export const MAX_USERTAGS = 20;
export const COMMENT_MAX_LENGTH = 2200;
export const SIDECAR_MIN_ITEMS = 2;
export const SIDECAR_MAX_ITEMS = 10;
export const MAX_PHOTO_MB = 30;
export const MAX_VIDEO_MB = 100;
export const MAX_VIDEO_MINUTES = 10;
/** A video's source, checked at upload before any encoding: wider or taller than this is refused. */
export const MAX_VIDEO_SOURCE_SIDE = 4096;
/** Frames per second of a video's source; faster ones (slow-motion clips at 120 or 240) are refused. */
export const MAX_VIDEO_FPS = 60;
/**
 * Pixels in all of a video's frames together (width × height × frames), which its encoding time
 * follows. 1080p at 60 fps for the longest video (74.6 billion) fits; 4K at 60 fps fits 2½ minutes.
 */
export const MAX_VIDEO_FRAME_PIXELS = 75_000_000_000;
/** Frame pixels (as above) of one account's videos waiting for or in encoding: two of the largest. */
export const VIDEO_ENCODING_BUDGET = 2 * MAX_VIDEO_FRAME_PIXELS;
/** Image widths stored for srcset; 1080 normally, 640 under the data saver. */
export const IMAGE_WIDTHS = [1080, 750, 640, 480, 320, 240, 150] as const;
export const FEED_CACHE_NAME = 'feed-cache';
/** The `sizes` of a feed post's image; the HTML's preload of the first one must say the same. */
export const FEED_IMAGE_SIZES = '(max-width: 640px) 100vw, 470px';
/** Widest variant in a srcset: all of them normally, 640 under the data saver. */
export const IMAGE_MAX_WIDTH = 1080;
export const IMAGE_MAX_WIDTH_DATA_SAVER = 640;
/**
 * The client mirrors its data saver choice into this cookie so that the server does not preload
 * a first image wider than the client will show.
 */
export const DATA_SAVER_COOKIE = 'data_saver';

export interface UserSummary {
  id: string;
  username: string;
  full_name: string;
  profile_pic_url: string;
  is_private: boolean;
  is_verified: boolean;
  /** Their live story for the ring around their picture: null without one, absent where rings are not drawn. */
  reel?: ReelRing | null;
}

/** A person's live story as a ring sees it (seconds; `seen` 0 when never seen). */
export interface ReelRing {
  id: string;
  latest_reel_media: number;
  seen: number;
  has_besties_media: boolean;
}

export interface DisplayResource {
  src: string;
  config_width: number;
  config_height: number;
}

export interface TaggedUser {
  user: { id: string; username: string; full_name: string };
  x: number;
  y: number;
}

/** One picture or video of a post (the post itself, or a child of a carousel). */
export interface MediaItem {
  __typename: 'GraphImage' | 'GraphVideo';
  id: string;
  is_video: boolean;
  dimensions: { width: number; height: number };
  display_url: string;
  display_resources: DisplayResource[];
  /** Base64 thumbhash shown while the image loads. */
  thumbhash: string | null;
  accessibility_caption: string | null;
  video_url: string | null;
  video_duration: number | null;
  edge_media_to_tagged_user: { edges: { node: TaggedUser }[] };
}

export interface CommentNode {
  id: string;
  text: string;
  created_at: number;
  owner: UserSummary;
  did_report_as_spam: boolean;
  viewer_has_liked: boolean;
  edge_liked_by: { count: number };
  /** Replies; present on parent comments only. */
  edge_threaded_comments?: Edges<CommentNode> & { count: number };
  viewer_can_delete: boolean;
}

export interface MediaNode extends Omit<MediaItem, '__typename'> {
  __typename: 'GraphImage' | 'GraphVideo' | 'GraphSidecar';
  shortcode: string;
  owner: UserSummary;
  taken_at_timestamp: number;
  /** processing while a video is being encoded (visible to its owner only), then ready. */
  status: 'processing' | 'ready' | 'failed';
  edge_sidecar_to_children: { edges: { node: MediaItem }[] } | null;
  edge_media_to_caption: { edges: { node: { text: string } }[] };
  location: { id: string; name: string; slug: string } | null;
  /** count, and up to 3 likers the viewer follows (never the viewer): the social context. */
  edge_media_preview_like: { count: number; edges: { node: UserSummary }[] };
  edge_media_to_parent_comment: Edges<CommentNode> & { count: number };
  comments_disabled: boolean;
  viewer_has_liked: boolean;
  viewer_has_saved: boolean;
  viewer_can_delete: boolean;
  /** A moderator marked it sensitive: its media shows behind a warning until the viewer chooses to see it. */
  is_sensitive: boolean;
}

export interface FeedPage {
  user: { edge_web_feed_timeline: { edges: { node: MediaNode; followed_hashtag?: string }[]; page_info: PageInfo } };
}

/** A like (or unlike) refused as spam answers 429 with the feedback dialog's content. */
export interface SpamFeedback {
  status: 'fail';
  spam: true;
  message: string;
  feedback_title: string;
  feedback_message: string;
  feedback_url: string;
}
