import { z } from 'zod';
import { connectionOf, edgesOf, idString, pageInfo, timestamp, userSummary } from './common.js';

/** Posts and comments as answers show them (the GraphQL-like shapes: edges, node, page_info). */

export const displayResource = z.object({ src: z.string(), config_width: z.number().int(), config_height: z.number().int() }).meta({ id: 'DisplayResource' });

export const taggedUser = z.object({
  user: z.object({ id: idString, username: z.string(), full_name: z.string() }),
  x: z.number(),
  y: z.number(),
}).meta({ id: 'TaggedUser', description: 'A person tagged on a photo, at x and y (0 to 1).' });

const itemFields = {
  id: z.string(),
  is_video: z.boolean(),
  dimensions: z.object({ width: z.number().int(), height: z.number().int() }),
  display_url: z.string(),
  display_resources: z.array(displayResource),
  thumbhash: z.string().nullable(),
  accessibility_caption: z.string().nullable(),
  video_url: z.string().nullable(),
  video_duration: z.number().nullable(),
  edge_media_to_tagged_user: edgesOf(taggedUser),
};

export const mediaItem = z.object({ __typename: z.enum(['GraphImage', 'GraphVideo']), ...itemFields })
  .meta({ id: 'MediaItem', description: 'One picture or video of a post.' });

export const commentNode = z.object({
  id: idString,
  text: z.string(),
  created_at: timestamp,
  owner: userSummary,
  did_report_as_spam: z.boolean(),
  viewer_has_liked: z.boolean(),
  edge_liked_by: z.object({ count: z.number().int() }),
  viewer_can_delete: z.boolean(),
}).meta({ id: 'Comment', description: 'A comment (a reply has no replies of its own).' });

export const parentComment = commentNode.extend({
  edge_threaded_comments: connectionOf(commentNode).optional(),
}).meta({ id: 'ParentComment', description: 'A comment on a post, with its first replies.' });

export const mediaNode = z.object({
  __typename: z.enum(['GraphImage', 'GraphVideo', 'GraphSidecar']),
  ...itemFields,
  shortcode: z.string(),
  owner: userSummary,
  taken_at_timestamp: timestamp,
  status: z.enum(['processing', 'ready', 'failed']),
  edge_sidecar_to_children: edgesOf(mediaItem).nullable(),
  edge_media_to_caption: edgesOf(z.object({ text: z.string() })),
  location: z.object({ id: idString, name: z.string(), slug: z.string() }).nullable(),
  edge_media_preview_like: z.object({ count: z.number().int(), edges: z.array(z.object({ node: userSummary })) }),
  edge_media_to_parent_comment: connectionOf(parentComment),
  comments_disabled: z.boolean(),
  viewer_has_liked: z.boolean(),
  viewer_has_saved: z.boolean(),
  viewer_can_delete: z.boolean(),
  is_sensitive: z.boolean().describe('A moderator marked the post sensitive: its media shows behind a warning.'),
}).meta({ id: 'Media', description: 'A post: a photo, a video or a carousel (sidecar).' });

/** A post of the tagged tab, with the state of the viewer's own tag on it. */
export const taggedMediaNode = mediaNode.extend({ tag_status: z.enum(['approved', 'pending']).optional() }).meta({ id: 'TaggedMedia' });
/** The answer of `POST /accounts/set_usertag_review/`. */
export const usertagReviewSet = z.object({ usertag_review_enabled: z.boolean(), status: z.literal('ok') }).meta({ id: 'UsertagReviewSet' });

export const mediaGrid = connectionOf(mediaNode);
/** A feed card came from a followed hashtag (not a followed account) when `followed_hashtag` names it. */
export const feedTimeline = z.object({ edges: z.array(z.object({ node: mediaNode, followed_hashtag: z.string().optional() })), page_info: pageInfo });

export const location = z.object({ id: idString, name: z.string(), slug: z.string(), edge_location_to_media: mediaGrid }).meta({ id: 'Location' });

/** An upload's state; `upload_status` is processing while a video is encoded. */
export const uploadAnswer = z.object({
  upload_id: z.string(),
  kind: z.enum(['image', 'video']),
  upload_status: z.enum(['processing', 'ready', 'failed']),
  width: z.number().int(),
  height: z.number().int(),
  message: z.string().optional(),
  processing: z.boolean().optional(),
  status: z.literal('ok'),
}).meta({ id: 'Upload' });

export const mediaAnswer = z.object({ media: mediaNode, status: z.literal('ok') });
export const deleteAnswer = z.object({ did_delete: z.literal(true), status: z.literal('ok') });
export const commentAnswer = z.object({ comment: commentNode, status: z.literal('ok') });

/** A like refused as spam: 429 with the feedback dialog's content. */
export const spamFeedback = z.object({
  status: z.literal('fail'),
  spam: z.literal(true),
  message: z.string(),
  feedback_title: z.string(),
  feedback_message: z.string(),
  feedback_url: z.string(),
}).meta({ id: 'SpamFeedback' });

export type MediaNodeResult = z.infer<typeof mediaNode>;
export type MediaItemResult = z.infer<typeof mediaItem>;
export type CommentResult = z.infer<typeof commentNode>;
export type ParentCommentResult = z.infer<typeof parentComment>;
export type TaggedMediaResult = z.infer<typeof taggedMediaNode>;
export type LocationResult = z.infer<typeof location>;
export type UploadAnswer = z.infer<typeof uploadAnswer>;
