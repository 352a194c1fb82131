import { z } from 'zod';
import { edgesOf, idString, okStatus, pageInfo } from './common.js';
import { mediaGrid, mediaNode } from './posts.js';

/** Hashtags: a tag's page, its follow state, and the tags someone follows. */

export const contentAdvisory = z.object({
  title: z.string(),
  description: z.string(),
  /** Whether this viewer already acknowledged it (a visitor's acknowledgement lives in their session). */
  acknowledged: z.boolean(),
}).meta({ id: 'ContentAdvisory', description: 'Shown before the posts of a tag marked sensitive.' });

/** A hashtag's newest posts (the hashtag_media query, its recent tab's pages). */
export const hashtagGrid = z.object({ name: z.string(), edge_hashtag_to_media: mediaGrid }).meta({ id: 'HashtagGrid' });

/** A hashtag's page (graphql.hashtag). `id` is null for a tag no post has used yet. */
export const hashtag = hashtagGrid.extend({
  id: idString.nullable(),
  allow_following: z.boolean(),
  is_following: z.boolean(),
  is_top_media_only: z.boolean(),
  profile_pic_url: z.string().nullable(),
  edge_hashtag_to_top_posts: edgesOf(mediaNode),
  edge_hashtag_to_related_tags: edgesOf(z.object({ name: z.string() })),
  content_advisory: contentAdvisory.nullable(),
}).meta({ id: 'Hashtag' });

export const hashtagFollowed = z.object({
  id: idString,
  name: z.string(),
  profile_pic_url: z.string().nullable(),
  media_count: z.number().int().min(0),
}).meta({ id: 'FollowedHashtag' });

export const hashtagFollowList = z.object({ count: z.number().int().min(0), edges: z.array(z.object({ node: hashtagFollowed })), page_info: pageInfo });

export const hashtagFollowAnswer = z.object({ is_following: z.boolean(), status: okStatus }).meta({ id: 'HashtagFollow' });

export type HashtagPageResult = z.infer<typeof hashtag>;
export type HashtagGridResult = z.infer<typeof hashtagGrid>;
export type HashtagFollowedResult = z.infer<typeof hashtagFollowed>;
export type ContentAdvisoryResult = z.infer<typeof contentAdvisory>;
