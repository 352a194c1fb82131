import { z } from 'zod';
import { STORY_AUDIENCES, STORY_STICKER_TYPES } from '../stories.js';
import { connectionOf, idString, okStatus, pageInfo, reelRing, timestamp, userSummary } from './common.js';
import { displayResource } from './posts.js';

/** Stories' answers: items, reels, the tray, viewer lists, highlights, the archive and close friends. */

export const videoResource = z.object({
  src: z.string(), config_width: z.number().int(), config_height: z.number().int(), mime_type: z.string(),
}).meta({ id: 'VideoResource' });

/** A sticker of a story, for the viewer to make it tappable: where it sits (fractions of the 9:16 frame) and what it opens. */
export const tappableObject = z.object({
  type: z.enum(STORY_STICKER_TYPES),
  x: z.number(), y: z.number(), width: z.number(), height: z.number(), rotation: z.number(),
  user: z.object({ id: idString, username: z.string() }).optional(),
  hashtag: z.object({ name: z.string() }).optional(),
  location: z.object({ id: idString, name: z.string() }).optional(),
  text: z.string().optional(),
}).meta({ id: 'StoryTappableObject' });

export const storyViewers = connectionOf(userSummary).describe("The story's viewers, newest first (the owner's alone).");

export const storyItem = z.object({
  __typename: z.enum(['GraphStoryImage', 'GraphStoryVideo']),
  id: idString,
  owner: userSummary,
  is_video: z.boolean(),
  display_url: z.string(),
  display_resources: z.array(displayResource),
  video_resources: z.array(videoResource).describe('Empty for a photo.'),
  video_duration: z.number().nullable().describe('Seconds; null for a photo.'),
  thumbhash: z.string().nullable(),
  taken_at_timestamp: timestamp,
  expiring_at_timestamp: timestamp,
  audience: z.enum(STORY_AUDIENCES),
  tappable_objects: z.array(tappableObject),
  story_view_count: z.number().int().nullable().describe("How many have seen it: the owner's alone, else null."),
  edge_story_media_viewers: storyViewers.nullable().describe('The first page of viewers, when the owner asked (show_story_viewer_list); else null.'),
}).meta({ id: 'StoryItem' });
export type StoryItemResult = z.infer<typeof storyItem>;

export const REEL_TYPES = ['user_reel', 'highlight_reel', 'tag_reel', 'location_reel'] as const;
export const reel = z.object({
  id: z.string().describe("The reel's id: a user id, or highlight:{id}, tag:{name}, loc:{id}."),
  reel_type: z.enum(REEL_TYPES),
  owner: userSummary.nullable().describe('The person whose reel or highlight it is; null for a hashtag or a place.'),
  title: z.string().nullable().describe("A highlight's title, a hashtag with its '#', a place's name; null for a person."),
  cover_url: z.string().nullable().describe("A highlight's cover; null otherwise."),
  latest_reel_media: timestamp,
  expiring_at: timestamp.nullable().describe('When its newest story expires; null for a highlight.'),
  seen: timestamp.describe('When the viewer last saw this reel (seconds; 0 never). An item is unseen while its taken_at_timestamp is later.'),
  has_besties_media: z.boolean(),
  can_reply: z.boolean().describe('Replies and reactions go to the owner by a direct message.'),
  items: z.array(storyItem),
}).meta({ id: 'Reel' });
export type ReelResult = z.infer<typeof reel>;

/** A reel in the tray: its items come with reels_media. */
export const trayReel = reelRing.extend({
  owner: userSummary,
  expiring_at: timestamp,
}).meta({ id: 'TrayReel' });
export type TrayReelResult = z.infer<typeof trayReel>;

export const feedTray = z.object({
  user: z.object({
    feed_reels_tray: z.object({
      edge_reels_tray_to_reel: z.object({ edges: z.array(z.object({ node: trayReel })) }),
    }),
  }),
});

export const reelsMedia = z.object({ reels_media: z.array(reel) });

export const storyViewersResult = z.object({
  media: z.object({ id: idString, __typename: z.enum(['GraphStoryImage', 'GraphStoryVideo']), edge_story_media_viewers: storyViewers }),
});

/** A reel marked seen up to an item: the reel's seen time now (seconds), which never goes back. */
export const reelSeenAnswer = z.object({ seen: timestamp, status: okStatus }).meta({ id: 'ReelSeenAnswer' });

export const configureStoryAnswer = z.object({ media: storyItem, status: okStatus }).meta({ id: 'ConfigureStoryAnswer' });

export const highlight = z.object({
  id: idString,
  reel_id: z.string().describe('highlight:{id}, to open it in the viewer.'),
  title: z.string(),
  cover_url: z.string().nullable(),
  item_count: z.number().int(),
  created_at: timestamp,
}).meta({ id: 'Highlight' });
export type HighlightResult = z.infer<typeof highlight>;
export const highlightsAnswer = z.object({ highlights: z.array(highlight), status: okStatus }).meta({ id: 'HighlightsAnswer' });
export const highlightAnswer = z.object({ highlight, status: okStatus }).meta({ id: 'HighlightAnswer' });

export const archivedStory = storyItem.extend({
  expired: z.boolean(),
  highlight_ids: z.array(idString).describe("The owner's highlights that keep it."),
}).meta({ id: 'ArchivedStory' });
export const storyArchive = z.object({ items: z.array(archivedStory), page_info: pageInfo, status: okStatus }).meta({ id: 'StoryArchive' });

export const closeFriend = userSummary.extend({ is_close_friend: z.boolean() }).meta({ id: 'CloseFriendCandidate' });
export const closeFriendsAnswer = z.object({
  count: z.number().int().describe('How many close friends the viewer has.'),
  users: z.array(closeFriend),
  page_info: pageInfo,
  status: okStatus,
}).meta({ id: 'CloseFriendsAnswer' });
export const closeFriendsSetAnswer = z.object({
  count: z.number().int().describe('How many close friends the viewer has now.'),
  status: okStatus,
}).meta({ id: 'CloseFriendsSetAnswer' });
export type ArchivedStoryResult = z.infer<typeof archivedStory>;
export type CloseFriendResult = z.infer<typeof closeFriend>;
