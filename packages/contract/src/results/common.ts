import { z } from 'zod';
import { MESSAGE_TEXTS, type MessageCode } from '../messages.js';

/**
 * The building blocks of every answer: `status`, pages of edges, and the failure shape. Schemas
 * with an `id` become named components of the OpenAPI document (/api/docs).
 */

export const okStatus = z.literal('ok');
export const ok = z.object({ status: okStatus }).meta({ id: 'Ok', description: 'The action was done.' });

export const messageCode = z.enum(Object.keys(MESSAGE_TEXTS) as [MessageCode, ...MessageCode[]]).meta({ id: 'MessageCode', description: 'A message by code (MESSAGE_TEXTS in the contract).' });
export const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));
/** Why a photo or video was refused (the upload routes' failures carry it as `code`). */
export const MEDIA_ERROR_CODES = ['unsupported', 'too_large', 'too_many_pixels', 'corrupt', 'too_long'] as const;
export const mediaErrorCode = z.enum(MEDIA_ERROR_CODES).meta({ id: 'MediaErrorCode', description: 'Why a photo or video was refused.' });
export const codedMessage = z.object({ code: messageCode, params: messageParams.optional() }).meta({ id: 'CodedMessage' });

/**
 * Every failure: {"status":"fail","message":...}; failures told by code add `code` and `params`,
 * form failures `errors` (text per field) and `error_codes` (codes per field). Some failures carry
 * more (a rate limit's dialog, the signup's username suggestions).
 */
export const failure = z.looseObject({
  status: z.literal('fail'),
  message: z.string().min(1),
  code: z.union([messageCode, mediaErrorCode]).optional(),
  params: messageParams.optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  error_codes: z.record(z.string(), z.array(codedMessage)).optional(),
}).meta({ id: 'Failure', description: 'The failure shape of every 4xx and 5xx answer.' });

/** Ids are decimal strings (64-bit). */
export const idString = z.string().regex(/^\d{1,20}$/);

export const pageInfo = z.object({ has_next_page: z.boolean(), end_cursor: z.string().nullable() }).meta({ id: 'PageInfo' });

/**
 * A person's live story as a ring sees it: null when they have none the viewer may see. `seen` is
 * when the viewer last saw the reel (seconds; 0 never): the ring is grey once it reaches
 * `latest_reel_media`.
 */
export const reelRing = z.object({
  id: z.string().describe("The reel's id: its owner's user id."),
  latest_reel_media: z.number().int().describe('When the newest story the viewer may see was posted (seconds).'),
  seen: z.number().int().describe('When the viewer last saw this reel (seconds; 0 never).'),
  has_besties_media: z.boolean().describe("A close friends' story is among them (never on the viewer's own reel)."),
}).meta({ id: 'ReelRing' });
export type ReelRingResult = z.infer<typeof reelRing>;

export const userSummary = z.object({
  id: idString,
  username: z.string(),
  full_name: z.string(),
  profile_pic_url: z.string(),
  is_private: z.boolean(),
  is_verified: z.boolean(),
  reel: reelRing.nullable().optional().describe('Their live story, for the ring around their picture; absent where rings are not drawn.'),
}).meta({ id: 'UserSummary', description: 'The small form of a user that lists and posts carry.' });
export type UserSummaryResult = z.infer<typeof userSummary>;

/** `{edges: [{node}]}` */
export const edgesOf = <T extends z.ZodType>(node: T) => z.object({ edges: z.array(z.object({ node })) });
/** A page of a list: `{count, edges: [{node}], page_info}`. */
export const connectionOf = <T extends z.ZodType>(node: T) => z.object({ count: z.number().int().min(0), edges: z.array(z.object({ node })), page_info: pageInfo });
/** A page of a list whose total is not told. */
export const pageOf = <T extends z.ZodType>(node: T) => z.object({ edges: z.array(z.object({ node })), page_info: pageInfo });

/** Seconds since the epoch. */
export const timestamp = z.number().int();

export type Ok = z.infer<typeof ok>;
export type Failure = z.infer<typeof failure>;
export type PageInfoResult = z.infer<typeof pageInfo>;
