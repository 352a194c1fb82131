import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIRECT_LINK_URLS_MAX, DIRECT_REACTION_EMOJI_MAX_LENGTH, DIRECT_SEND_LIMIT, DIRECT_TEXT_MAX_LENGTH, isId, MAX_PHOTO_MB, SEARCH_QUERY_MAX_LENGTH } from '@shutter/contract';
import { directItemAnswer, directUploadAnswer, presenceAnswer, rankedRecipientsAnswer } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { BODY_BYTES } from '../../platform/body-limits.js';
import { badRequest } from '../../platform/errors.js';
import { MAX_PHOTO_BYTES } from '../../platform/media/index.js';
import { perAccount } from '../../platform/rate-limits.js';
import { jsonList } from '../../platform/form-lists.js';
import { requireSession } from '../../platform/session.js';
import { readUpload } from '../posts/multipart.js';
import type { Broadcast } from './broadcast.js';
import { LINK_URL_MAX_LENGTH, parseLinkUrl } from './link-context.js';
import type { Presence } from './presence.js';
import type { Recipients } from './recipients.js';
import { DIRECT_SEND_PACE } from './routes.js';

const id = (what: string) => z.string().refine(isId, `${what} must be an id.`);
/** Absent, or sent empty by a form: the same. */
const optionalId = (what: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(what).optional());
/** A client's mutation token (its client_context): the same one twice is one message. */
const token = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -.');
const flag = z.union([z.enum(['true', 'false', '1', '0']), z.boolean()]).optional();
const action = z.literal('send_item').optional();

const linkUrl = z.string().max(LINK_URL_MAX_LENGTH, { abort: true }).refine((s) => parseLinkUrl(s) !== null, 'Links must be http or https addresses.');
/** link_urls: a JSON list in a form field, or a list in a JSON body. */
const linkUrls = jsonList(z.array(linkUrl).min(1, 'Send at least one link.').max(DIRECT_LINK_URLS_MAX, `At most ${DIRECT_LINK_URLS_MAX} links.`));

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
/** One grapheme, told from the first two the segmenter finds: never a walk of the whole string. */
function isOneGrapheme(s: string): boolean {
  let count = 0;
  for (const _ of segmenter.segment(s)) if (++count > 1) return false;
  return count === 1;
}
/**
 * One emoji: a single grapheme that is a pictograph (a flag, a keycap, a sequence with modifiers).
 * The length is checked first, and a failed length stops the check (zod would otherwise go on).
 */
const emoji = z.string().min(1).max(DIRECT_REACTION_EMOJI_MAX_LENGTH, { abort: true })
  .refine((s) => isOneGrapheme(s) && PICTOGRAPH.test(s), 'reaction_emoji must be one emoji.');

const configureBody = z.object({
  action, allow_full_aspect_ratio: flag, content_type: z.literal('photo').optional(), sampled: flag,
  mutation_token: token, thread_id: id('thread_id'), upload_id: id('upload_id'),
});
const linkBody = z.object({
  link_text: z.string().max(DIRECT_TEXT_MAX_LENGTH * 2), link_urls: linkUrls, mutation_token: token.optional(), thread_id: id('thread_id'),
  action, client_context: token.optional(),
});
const reelShareBody = z.object({
  reel_id: id('reel_id'), media_id: id('media_id'), thread_id: optionalId('thread_id'), text: z.string().max(DIRECT_TEXT_MAX_LENGTH * 2).default(''),
  action, client_context: token.optional(),
});
const storyShareBody = z.object({
  reel_id: id('reel_id'), story_media_id: id('story_media_id'), thread_id: id('thread_id'), action, client_context: token.optional(),
});
const reelReactBody = z.object({
  reel_id: id('reel_id'), media_id: id('media_id'), thread_id: optionalId('thread_id'), reaction_emoji: emoji,
  action, client_context: token.optional(),
});
const recipientsQuery = z.object({
  mode: z.enum(['reshare', 'raven']).default('reshare'),
  query: z.string().max(SEARCH_QUERY_MAX_LENGTH).default(''),
  show_threads: flag,
});

const ok = { status: 'ok' as const };
const isOn = (value: z.infer<typeof flag>) => value === true || value === 'true' || value === '1';

/**
 * Direct's HTTP sends (spec 002 §7): photos (upload, then configure), links, and stories shared
 * or reacted to; the recipient picker and presence. Every send counts against the account's
 * DIRECT_SEND_LIMIT, which the channel's sends share.
 */
export function registerDirectBroadcastRoutes(app: FastifyInstance, deps: { broadcast: Broadcast; recipients: Recipients; presence: Presence; spoolDir: string }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { broadcast } = deps;
  const sendPace = perAccount(app, DIRECT_SEND_PACE, DIRECT_SEND_LIMIT);
  const tags = ['direct'];
  const sent = { 200: directItemAnswer };

  r.post('/direct_v2/web/threads/broadcast/upload_photo/', {
    schema: { tags, summary: `Upload a photo into a thread, to send it with configure_photo (multipart: photo, thread_id; at most ${MAX_PHOTO_MB} MB)`, consumes: ['multipart/form-data'], response: { 200: directUploadAnswer } },
    config: { failures: [404, 413] }, preHandler: sendPace,
  }, async (request) => {
    const session = requireSession(request);
    const up = await readUpload(request, { field: 'photo', maxBytes: MAX_PHOTO_BYTES, tooLarge: `This photo is larger than ${MAX_PHOTO_MB} MB.`, spoolDir: deps.spoolDir });
    try {
      const threadId = up.fields.thread_id ?? '';
      if (!isId(threadId)) throw badRequest('thread_id must be an id.');
      const uploadId = await broadcast.uploadPhoto(session.user.id, threadId, await fs.readFile(up.file));
      return { upload_id: uploadId, ...ok };
    } finally {
      await fs.rm(up.file, { force: true });
    }
  });

  r.post('/direct_v2/web/threads/broadcast/configure_photo/', {
    schema: { tags, summary: 'Send an uploaded photo to its thread (idempotent by mutation_token)', body: configureBody, response: sent },
    config: { failures: [404, 409] }, preHandler: sendPace,
  }, async (request) => {
    const { thread_id, upload_id, mutation_token } = request.body;
    const answer = await broadcast.configurePhoto(requireSession(request).user.id, { threadId: thread_id, uploadId: upload_id, token: mutation_token });
    return { ...answer, ...ok };
  });

  r.post('/direct_v2/web/threads/broadcast/link/', {
    schema: { tags, summary: `Send a message with links (link_urls: a JSON list of at most ${DIRECT_LINK_URLS_MAX} http or https addresses)`, body: linkBody, response: sent },
    config: { failures: [404, 409] }, preHandler: sendPace, bodyLimit: BODY_BYTES.text,
  }, async (request) => {
    const b = request.body;
    const answer = await broadcast.link(requireSession(request).user.id, {
      threadId: b.thread_id, text: b.link_text, urls: b.link_urls.map((u) => parseLinkUrl(u)!), token: b.mutation_token ?? b.client_context ?? null,
    });
    return { ...answer, ...ok };
  });

  r.post('/direct_v2/web/threads/broadcast/reel_share/', {
    schema: { tags, summary: "Reply to a story (reel_id: its owner's id); without thread_id, in the one-to-one thread with its owner", body: reelShareBody, response: sent },
    config: { failures: [404, 409] }, preHandler: sendPace, bodyLimit: BODY_BYTES.text,
  }, async (request) => {
    const b = request.body;
    const answer = await broadcast.reelShare(requireSession(request).user.id, {
      reelId: b.reel_id, mediaId: b.media_id, threadId: b.thread_id, text: b.text, token: b.client_context ?? null,
    });
    return { ...answer, ...ok };
  });

  r.post('/direct_v2/web/threads/broadcast/story_share/', {
    schema: { tags, summary: 'Share a story into a thread', body: storyShareBody, response: sent },
    config: { failures: [404, 409] }, preHandler: sendPace,
  }, async (request) => {
    const b = request.body;
    const answer = await broadcast.storyShare(requireSession(request).user.id, {
      reelId: b.reel_id, mediaId: b.story_media_id, threadId: b.thread_id, token: b.client_context ?? null,
    });
    return { ...answer, ...ok };
  });

  r.post('/direct_v2/web/threads/broadcast/reel_react/', {
    schema: { tags, summary: "React to a story with an emoji; without thread_id, in the one-to-one thread with its owner", body: reelReactBody, response: sent },
    config: { failures: [404, 409] }, preHandler: sendPace,
  }, async (request) => {
    const b = request.body;
    const answer = await broadcast.reelReact(requireSession(request).user.id, {
      reelId: b.reel_id, mediaId: b.media_id, threadId: b.thread_id, emoji: b.reaction_emoji, token: b.client_context ?? null,
    });
    return { ...answer, ...ok };
  });

  r.get('/direct_v2/web/ranked_recipients/', {
    schema: { tags, summary: 'People to send to (and, with show_threads, group threads), ranked; a query narrows them by name', querystring: recipientsQuery, security: SECURITY.session, response: { 200: rankedRecipientsAnswer } },
  }, async (request) => {
    const viewer = requireSession(request).user.id;
    return { ...(await deps.recipients.ranked(viewer, { query: request.query.query, showThreads: isOn(request.query.show_threads) })), ...ok };
  });

  r.get('/direct_v2/web/get_presence/', {
    schema: { tags, summary: 'Whether the people the viewer talks with are active now, and when they last were', security: SECURITY.session, response: { 200: presenceAnswer } },
  }, async (request) => ({ user_presence: await deps.presence.of(requireSession(request).user.id), ...ok }));
}
