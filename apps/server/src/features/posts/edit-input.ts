import { z } from 'zod';
import { CAPTION_MAX_LENGTH, SIDECAR_MAX_ITEMS } from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';
import type { PlaceChoice } from '../places/service.js';
import { altText, jsonField, locationId, parseCaption, parsePlace, toTags, usertagList } from './configure-input.js';

/** A JSON list sent as text (form posts) or, in a JSON body, as itself. */
const jsonList = (maxText: number) => z.union([z.string().max(maxText), z.array(z.unknown()).max(100)]);

/**
 * An edit of a post: every field is optional, and a field left out keeps its value. An empty value
 * clears (caption, location, alt text); an empty list removes every tag.
 */
export const editBody = z.object({
  caption: z.string().max(CAPTION_MAX_LENGTH * 2).optional(),
  location: z.string().max(200).optional(),
  location_id: locationId,
  usertags: jsonList(20_000).optional(),
  custom_accessibility_caption: altText,
  children_metadata: jsonList(100_000).optional(),
});

const childEdit = z.object({ usertags: usertagList.optional(), custom_accessibility_caption: altText });
const childEdits = z
  .array(childEdit)
  .min(1, 'children_metadata needs one entry per item of the post.')
  .max(SIDECAR_MAX_ITEMS, 'children_metadata needs one entry per item of the post.');

export interface Tag {
  user_id: string;
  x: number;
  y: number;
}

/** What changes on one item: its tags (all of them), its alt text (null clears it). */
export interface ItemEdit {
  usertags?: Tag[];
  alt?: string | null;
}

export interface PostEdit {
  caption?: { caption: string; hashtags: string[] };
  /** A place by id or name, or null to remove the place. */
  place?: PlaceChoice | null;
  /**
   * `single`: the post's only item, from the top-level fields (as /create/configure/ sends them);
   * `children`: one entry per item in order (as /create/configure_sidecar/ does).
   */
  items?: { form: 'single' | 'children'; edits: ItemEdit[] };
}

const altOf = (raw: string | undefined) => (raw === undefined ? undefined : raw.trim() || null);

/** Distinct people per item: tagging someone twice on one picture keeps the first spot. */
function distinctTags(tags: Tag[]): Tag[] {
  const seen = new Set<string>();
  return tags.filter((t) => !seen.has(t.user_id) && seen.add(t.user_id));
}

function itemEdit(usertags: z.infer<typeof usertagList> | undefined, alt: string | undefined): ItemEdit {
  return {
    ...(usertags ? { usertags: distinctTags(toTags(usertags)) } : {}),
    ...(alt !== undefined ? { alt: altOf(alt) } : {}),
  };
}

export function parseEdit(body: z.infer<typeof editBody>): PostEdit {
  const single = body.usertags !== undefined || body.custom_accessibility_caption !== undefined;
  if (single && body.children_metadata !== undefined) {
    throw badRequest("Send an item's tags and alt text either as usertags and custom_accessibility_caption or in children_metadata, not both.");
  }
  const edit: PostEdit = {};
  if (body.caption !== undefined) edit.caption = parseCaption(body.caption);
  if (body.location !== undefined || body.location_id) edit.place = parsePlace(body.location, body.location_id);
  if (single) {
    const tags = body.usertags === undefined ? undefined : jsonField('usertags', body.usertags, usertagList, []);
    edit.items = { form: 'single', edits: [itemEdit(tags, body.custom_accessibility_caption)] };
  } else if (body.children_metadata !== undefined) {
    const list = jsonField('children_metadata', body.children_metadata, childEdits, []);
    if (list.length === 0) throw badRequest('children_metadata needs one entry per item of the post.');
    edit.items = { form: 'children', edits: list.map((c) => itemEdit(c.usertags, c.custom_accessibility_caption)) };
  }
  if (Object.keys(edit).length === 0) {
    throw badRequest('Nothing to change: send caption, location, location_id, usertags, custom_accessibility_caption or children_metadata.');
  }
  return edit;
}
