import { z } from 'zod';
import { isId, CAPTION_MAX_LENGTH, MAX_HASHTAGS, MAX_USERTAGS, SIDECAR_MAX_ITEMS, SIDECAR_MIN_ITEMS } from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';
import type { PlaceChoice } from '../places/service.js';
import { extractHashtags } from './caption.js';

const uploadId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'upload_id must be 1 to 64 letters, digits, - or _.');
export const usertag = z.object({
  user_id: z.string().refine(isId, 'usertags need a user_id.'),
  position: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
});
export const usertagList = z.array(usertag).max(MAX_USERTAGS, `A post can tag at most ${MAX_USERTAGS} people.`);
/** A place that exists, by id (from /location_search/); empty is none. */
export const locationId = z.string().regex(/^(\d{1,19})?$/, 'location_id must be a place id.').optional();
export const altText = z.string().max(1000, 'Alt text can be at most 1,000 characters.').optional();

/**
 * A JSON field of a form post, parsed with its schema; a 400 that names the field otherwise. A JSON
 * body may send the value itself rather than its text.
 */
export function jsonField<T>(field: string, raw: unknown, schema: z.ZodType<T>, fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(`${field} must be JSON.`);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(`${field}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export const configureBody = z.object({
  upload_id: uploadId,
  caption: z.string().max(CAPTION_MAX_LENGTH * 2).default(''),
  usertags: z.string().max(20_000).optional(),
  location: z.string().max(200).optional(),
  location_id: locationId,
  custom_accessibility_caption: altText,
});

export const configureSidecarBody = z.object({
  caption: z.string().max(CAPTION_MAX_LENGTH * 2).default(''),
  location: z.string().max(200).optional(),
  location_id: locationId,
  children_metadata: z.string().min(2, 'children_metadata is required.').max(100_000),
});

const child = z.object({ upload_id: uploadId, usertags: usertagList.optional(), custom_accessibility_caption: altText });
const children = z
  .array(child)
  .min(SIDECAR_MIN_ITEMS, `A carousel has ${SIDECAR_MIN_ITEMS} to ${SIDECAR_MAX_ITEMS} items.`)
  .max(SIDECAR_MAX_ITEMS, `A carousel has ${SIDECAR_MIN_ITEMS} to ${SIDECAR_MAX_ITEMS} items.`);

export interface ItemInput {
  uploadId: string;
  usertags: { user_id: string; x: number; y: number }[];
  alt: string | null;
}

export interface PostInput {
  caption: string;
  hashtags: string[];
  place: PlaceChoice | null;
  items: ItemInput[];
}

/** The caption as stored (trimmed) with its hashtags; a 400 past the length or hashtag limits. */
export function parseCaption(caption: string): { caption: string; hashtags: string[] } {
  const text = caption.trim();
  if (text.length > CAPTION_MAX_LENGTH) throw badRequest(`Captions can be at most ${CAPTION_MAX_LENGTH.toLocaleString('en')} characters.`);
  const hashtags = extractHashtags(text);
  if (hashtags.length > MAX_HASHTAGS) throw badRequest(`A caption can have at most ${MAX_HASHTAGS} hashtags.`);
  return { caption: text, hashtags };
}

/** A place by id (an existing one) or else by name (made if new), or null for none. */
export function parsePlace(location: string | undefined, id: string | undefined): PlaceChoice | null {
  if (id) return { id };
  const place = location?.trim() ?? '';
  if (place.length > 100) throw badRequest('A location name can be at most 100 characters.');
  return place ? { name: place } : null;
}

const common = (caption: string, location: string | undefined, id: string | undefined): Omit<PostInput, 'items'> => ({ ...parseCaption(caption), place: parsePlace(location, id) });

export const tooManyTags = () => badRequest(`A post can tag at most ${MAX_USERTAGS} people.`);

export const toTags = (tags: z.infer<typeof usertag>[]) => tags.map((t) => ({ user_id: t.user_id, x: t.position[0], y: t.position[1] }));

export function parseConfigure(body: z.infer<typeof configureBody>): PostInput {
  const tags = jsonField('usertags', body.usertags, usertagList, []);
  return { ...common(body.caption, body.location, body.location_id), items: [{ uploadId: body.upload_id, usertags: toTags(tags), alt: body.custom_accessibility_caption?.trim() || null }] };
}

export function parseConfigureSidecar(body: z.infer<typeof configureSidecarBody>): PostInput {
  const list = jsonField('children_metadata', body.children_metadata, children, []);
  if (new Set(list.map((c) => c.upload_id)).size !== list.length) throw badRequest('Each carousel item needs its own upload.');
  const items = list.map((c) => ({ uploadId: c.upload_id, usertags: toTags(c.usertags ?? []), alt: c.custom_accessibility_caption?.trim() || null }));
  if (items.reduce((n, it) => n + it.usertags.length, 0) > MAX_USERTAGS) throw tooManyTags();
  return { ...common(body.caption, body.location, body.location_id), items };
}
