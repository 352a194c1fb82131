import { z } from 'zod';
import { CHANNEL_ITEM_TYPES, DIRECT_ITEM_TYPES, DIRECT_TEXT_MAX_LENGTH } from '../direct.js';
import { idString, okStatus, userSummary } from './common.js';

/** Direct: threads, their items, the inbox and the calls of spec 002 §7 (Direct). Times are milliseconds. */

export const directUser = userSummary.extend({ pk: idString }).meta({ id: 'DirectUser' });

const imageCandidate = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const directMedia = z.object({
  media_type: z.literal(1).describe('1: a photo.'),
  image_versions2: z.object({ candidates: z.array(imageCandidate).describe('Widest first.') }),
  original_width: z.number().int(),
  original_height: z.number().int(),
}).meta({ id: 'DirectMedia', description: 'A photo sent in a thread.' });

export const directLink = z.object({
  text: z.string(),
  link_context: z.object({
    link_url: z.string(),
    link_title: z.string(),
    link_summary: z.string().nullable(),
    link_image_url: z.string().nullable(),
  }),
}).meta({ id: 'DirectLink' });

export const directPostPreview = z.object({
  id: idString,
  shortcode: z.string(),
  media_type: z.number().int().describe('1 photo, 2 video, 8 carousel.'),
  display_url: z.string(),
  owner: userSummary,
  caption: z.string().nullable(),
}).meta({ id: 'DirectPostPreview', description: 'A shared post, as the thread shows it.' });

export const directStoryRef = z.object({
  reel_id: idString.describe("The story's reel: its owner's id."),
  media_id: idString,
  owner: userSummary.nullable().describe('Null when the account is no longer there for the viewer.'),
  display_url: z.string().nullable().describe('Null once the story expired or is not visible to the viewer.'),
  text: z.string().nullable().describe('A reply.'),
  reaction_emoji: z.string().nullable().describe('A reaction.'),
}).meta({ id: 'DirectStoryRef' });

export const directItem = z.object({
  item_id: idString,
  item_type: z.enum(DIRECT_ITEM_TYPES),
  user_id: idString,
  timestamp: z.number().int(),
  client_context: z.string().nullable().describe('The sender\'s mutation token, to its sender; null to others.'),
  text: z.string().optional(),
  reactions: z.object({
    likes: z.array(z.object({ sender_id: idString, timestamp: z.number().int() })),
    likes_count: z.number().int(),
  }),
  hide_in_thread: z.boolean(),
  media: directMedia.optional(),
  link: directLink.optional(),
  media_share: directPostPreview.nullable().optional().describe('Null when the post is gone or not visible to the viewer.'),
  reel_share: directStoryRef.optional(),
  story_share: directStoryRef.optional(),
  action_log: z.object({ description: z.string() }).optional().describe('"alice named the group Trip", "bob left", ...'),
}).meta({ id: 'DirectItem' });

const lastSeen = z.object({ timestamp: z.number().int(), item_id: idString.nullable() });

export const directThread = z.object({
  thread_id: idString,
  viewer_id: idString,
  users: z.array(directUser).describe('The other members.'),
  left_users: z.array(directUser),
  inviter: directUser,
  admin_user_ids: z.array(idString),
  items: z.array(directItem).describe('Newest first.'),
  last_permanent_item: directItem.nullable(),
  last_activity_at: z.number().int(),
  last_seen_at: z.record(z.string(), lastSeen).describe('Per member id.'),
  is_group: z.boolean(),
  pending: z.boolean().describe("In the viewer's requests until approved."),
  thread_title: z.string().describe('The title a group was given, else the members\' names.'),
  named: z.boolean().describe('Whether thread_title was given.'),
  muted: z.boolean(),
  approval_required_for_new_members: z.boolean(),
  pending_user_ids: z.array(idString).describe('People waiting for an admin to let them in (told to admins only).'),
  has_older: z.boolean(),
  oldest_cursor: z.string().nullable(),
}).meta({ id: 'DirectThread' });

const inboxPage = z.object({
  threads: z.array(directThread),
  has_older: z.boolean(),
  oldest_cursor: z.string().nullable(),
  unseen_count: z.number().int(),
});

export const directInbox = z.object({
  viewer: directUser,
  inbox: inboxPage,
  seq_id: z.number().int().describe('The viewer\'s channel sequence at this snapshot: events after it apply.'),
  snapshot_at_ms: z.number().int(),
  pending_requests_total: z.number().int(),
  status: okStatus,
}).meta({ id: 'DirectInbox' });

export const directPendingInbox = z.object({
  inbox: inboxPage,
  seq_id: z.number().int(),
  pending_requests_total: z.number().int(),
  status: okStatus,
}).meta({ id: 'DirectPendingInbox' });

export const directThreadAnswer = z.object({ thread: directThread, status: okStatus }).meta({ id: 'DirectThreadAnswer' });
export const directItemAnswer = z.object({ thread_id: idString, item: directItem, status: okStatus }).meta({ id: 'DirectItemAnswer' });
export const directUploadAnswer = z.object({ upload_id: z.string(), status: okStatus }).meta({ id: 'DirectUploadAnswer' });
export const createThreadAnswer = z.object({ thread_id: idString, thread: directThread, status: okStatus }).meta({ id: 'CreateThreadAnswer' });
export const badgeCountAnswer = z.object({ badge_count: z.number().int(), seq_id: z.number().int(), status: okStatus }).meta({ id: 'BadgeCount' });

export const rankedRecipient = z.object({
  user: directUser.optional(),
  thread: z.object({ thread_id: idString, thread_title: z.string(), users: z.array(directUser) }).optional(),
}).meta({ id: 'RankedRecipient', description: 'A person, or (with show_threads) a group thread.' });
export const rankedRecipientsAnswer = z.object({
  ranked_recipients: z.array(rankedRecipient),
  expires: z.number().int().describe('Seconds the list may be kept.'),
  filtered: z.boolean().describe('Whether a query narrowed it.'),
  status: okStatus,
}).meta({ id: 'RankedRecipients' });

export const presenceAnswer = z.object({
  user_presence: z.record(z.string(), z.object({ is_active: z.boolean(), last_activity_at_ms: z.number().int().nullable() })),
  status: okStatus,
}).meta({ id: 'Presence', description: 'Of the people the viewer shares a thread with.' });

/**
 * What a client publishes on /ig_send_message, checked before anything is read: the shape only
 * (a text's length and emptiness are the service's rules, answered with their codes).
 */
export const sendItemRequest = z.object({
  action: z.literal('send_item'),
  thread_id: idString,
  item_type: z.enum(CHANNEL_ITEM_TYPES),
  text: z.string().max(DIRECT_TEXT_MAX_LENGTH * 4).optional(),
  media_id: idString.optional(),
  client_context: z.string().min(1).max(100),
  activity_status: z.union([z.literal(0), z.literal(1)]).optional(),
}).meta({ id: 'SendItemRequest' });

export type DirectUserResult = z.infer<typeof directUser>;
export type DirectMediaResult = z.infer<typeof directMedia>;
export type DirectLinkResult = z.infer<typeof directLink>;
export type DirectItemResult = z.infer<typeof directItem>;
export type DirectThreadResult = z.infer<typeof directThread>;
export type DirectInboxResult = z.infer<typeof directInbox>;
export type DirectPendingInboxResult = z.infer<typeof directPendingInbox>;
export type RankedRecipientsResult = z.infer<typeof rankedRecipientsAnswer>;
export type PresenceResult = z.infer<typeof presenceAnswer>;
