import { z } from 'zod';
import { codedMessage, connectionOf, edgesOf, idString, pageInfo, reelRing, timestamp, userSummary } from './common.js';
import { mediaNode } from './posts.js';

/** People as answers show them. */


/** The viewer's relation to a person of a list. */
export const relation = z.object({ followed_by_viewer: z.boolean(), requested_by_viewer: z.boolean(), follows_viewer: z.boolean() });
export const listedUser = userSummary.extend(relation.shape).meta({ id: 'ListedUser', description: 'A person of a list, with the viewer\'s relation to them.' });

export const viewer = z.object({
  id: idString,
  username: z.string(),
  full_name: z.string(),
  has_profile_pic: z.boolean(),
  profile_pic_url: z.string(),
  profile_pic_url_hd: z.string(),
}).meta({ id: 'Viewer', description: 'The logged-in viewer.' });

export const profileUser = z.object({
  id: idString,
  username: z.string(),
  full_name: z.string(),
  biography: z.string(),
  external_url: z.string().nullable(),
  profile_pic_url: z.string(),
  profile_pic_url_hd: z.string(),
  is_private: z.boolean(),
  is_verified: z.boolean(),
  edge_followed_by: z.object({ count: z.number().int() }),
  edge_follow: z.object({ count: z.number().int() }),
  edge_owner_to_timeline_media: z.object({ count: z.number().int(), edges: z.array(z.object({ node: mediaNode })).optional(), page_info: pageInfo.optional() }),
  edge_user_to_photos_of_you: z.object({ count: z.number().int() }).optional(),
  followed_by_viewer: z.boolean(),
  follows_viewer: z.boolean(),
  requested_by_viewer: z.boolean(),
  has_requested_viewer: z.boolean(),
  blocked_by_viewer: z.boolean(),
  reel: reelRing.nullable().optional().describe('Their live story, for the ring around the header\'s picture.'),
}).meta({ id: 'ProfileUser', description: 'A profile\'s header, with its first posts when the viewer may see them.' });

export const loginSession = z.object({
  id: idString,
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  created_at: timestamp,
  last_active_at: timestamp,
  is_current: z.boolean(),
}).meta({ id: 'LoginSession' });
/** A login from a device and place the account had not used (spec 001: suspiciousLogins). */
export const suspiciousLogin = z.object({
  id: idString,
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  login_timestamp: timestamp,
  is_confirmed: z.boolean().describe('The owner said "This was me".'),
  is_current: z.boolean(),
}).meta({ id: 'SuspiciousLogin' });
export const loginSessions = z.object({ sessions: z.array(loginSession), page_info: pageInfo });

export const suggestion = z.object({
  user: userSummary.extend({ followed_by_viewer: z.literal(false), requested_by_viewer: z.literal(false) }),
  description: z.string(),
  description_message: codedMessage,
  social_context: z.null(),
}).meta({ id: 'Suggestion', description: 'A suggested account and why it is suggested.' });

export const followList = connectionOf(listedUser);
export const suggestions = edgesOf(suggestion).extend({ page_info: z.object({ has_next_page: z.boolean() }) });

export type ListedUser = z.infer<typeof listedUser>;
export type ViewerResult = z.infer<typeof viewer>;
export type ProfileUserResult = z.infer<typeof profileUser>;
export type LoginSessionResult = z.infer<typeof loginSession>;
export type Suggestion = z.infer<typeof suggestion>;
