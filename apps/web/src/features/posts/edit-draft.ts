import { MAX_USERTAGS, type MediaItem, type MediaNode } from '@shutter/contract';
import type { FormFields } from '../../lib/api';
import type { UserTag } from '../create/creation-reducer';

/**
 * What the edit screen holds: the post's caption, place, and per item its tags and alt text, as
 * the owner changes them. Nothing is sent until Save; Cancel drops the draft.
 */
export interface EditItem {
  key: string;
  isVideo: boolean;
  /** What the screen shows to tag on (a video's cover). */
  src: string;
  width: number;
  height: number;
  usertags: UserTag[];
  alt: string;
}

export interface EditDraft {
  caption: string;
  location: string;
  /** The place picked from search, or the post's own; null once a name is typed. */
  locationId: string | null;
  items: EditItem[];
  active: number;
}

export type EditAction =
  | { type: 'caption'; text: string }
  | { type: 'location'; text: string }
  | { type: 'place'; id: string; name: string }
  | { type: 'select'; index: number }
  | { type: 'addTag'; tag: UserTag }
  | { type: 'removeTag'; userId: string }
  | { type: 'altText'; text: string };

/** A carousel's children, or the post itself as its only item. */
export function itemsOf(post: MediaNode): Omit<MediaItem, '__typename'>[] {
  return post.edge_sidecar_to_children?.edges.map((edge) => edge.node) ?? [post];
}

const tagsOf = (item: Pick<MediaItem, 'edge_media_to_tagged_user'>): UserTag[] =>
  item.edge_media_to_tagged_user.edges.map(({ node }) => ({ user: node.user, x: node.x, y: node.y }));

export function draftOf(post: MediaNode): EditDraft {
  return {
    caption: post.edge_media_to_caption.edges[0]?.node.text ?? '',
    location: post.location?.name ?? '',
    locationId: post.location?.id ?? null,
    items: itemsOf(post).map((item) => ({
      key: item.id,
      isVideo: item.is_video,
      src: item.display_url,
      width: item.dimensions.width,
      height: item.dimensions.height,
      usertags: tagsOf(item),
      alt: item.accessibility_caption ?? '',
    })),
    active: 0,
  };
}

export const tagCount = (draft: EditDraft) => draft.items.reduce((n, item) => n + item.usertags.length, 0);

const clamp = (v: number) => Math.min(1, Math.max(0, v));

function changeActive(draft: EditDraft, change: (item: EditItem) => Partial<EditItem>): EditDraft {
  return { ...draft, items: draft.items.map((item, i) => (i === draft.active ? { ...item, ...change(item) } : item)) };
}

export function editReducer(draft: EditDraft, action: EditAction): EditDraft {
  switch (action.type) {
    case 'caption':
      return { ...draft, caption: action.text };
    case 'location':
      return { ...draft, location: action.text, locationId: null };
    case 'place':
      return { ...draft, location: action.name, locationId: action.id };
    case 'select':
      return action.index >= 0 && action.index < draft.items.length ? { ...draft, active: action.index } : draft;
    case 'addTag': {
      const item = draft.items[draft.active];
      if (!item || item.isVideo) return draft;
      const retag = item.usertags.some((t) => t.user.id === action.tag.user.id);
      // The limit is the post's (the service counts every item's tags); moving a tag is always fine.
      if (!retag && tagCount(draft) >= MAX_USERTAGS) return draft;
      const tag = { ...action.tag, x: clamp(action.tag.x), y: clamp(action.tag.y) };
      return changeActive(draft, (it) => ({ usertags: [...it.usertags.filter((t) => t.user.id !== action.tag.user.id), tag] }));
    }
    case 'removeTag':
      return changeActive(draft, (it) => ({ usertags: it.usertags.filter((t) => t.user.id !== action.userId) }));
    case 'altText':
      return changeActive(draft, () => ({ alt: action.text }));
    default:
      return draft;
  }
}

const round = (v: number) => Math.round(v * 10000) / 10000;
const tagKey = (tags: UserTag[]) =>
  JSON.stringify([...tags].sort((a, b) => a.user.id.localeCompare(b.user.id)).map((t) => [t.user.id, round(t.x), round(t.y)]));
const wireTags = (tags: UserTag[]) => tags.map((t) => ({ user_id: t.user.id, position: [round(t.x), round(t.y)] }));

/**
 * The fields of `POST /media/{id}/edit/` for what changed against `original` (a field left out keeps
 * its value on the server), or null when nothing did.
 */
export function editRequest(draft: EditDraft, original: EditDraft): FormFields | null {
  const fields: FormFields = {};
  if (draft.caption.trim() !== original.caption.trim()) fields.caption = draft.caption;
  if (draft.locationId && draft.locationId !== original.locationId) fields.location_id = draft.locationId;
  else if (!draft.locationId && draft.location.trim() !== original.location.trim()) fields.location = draft.location.trim();
  const changes = draft.items.map((item, i) => {
    const before = original.items[i];
    const change: { usertags?: ReturnType<typeof wireTags>; custom_accessibility_caption?: string } = {};
    if (!before || tagKey(item.usertags) !== tagKey(before.usertags)) change.usertags = wireTags(item.usertags);
    if (!before || item.alt.trim() !== before.alt.trim()) change.custom_accessibility_caption = item.alt.trim();
    return change;
  });
  const itemsChanged = changes.some((change) => Object.keys(change).length > 0);
  if (itemsChanged && draft.items.length === 1) {
    const only = changes[0]!;
    if (only.usertags) fields.usertags = JSON.stringify(only.usertags);
    if (only.custom_accessibility_caption !== undefined) fields.custom_accessibility_caption = only.custom_accessibility_caption;
  } else if (itemsChanged) {
    fields.children_metadata = JSON.stringify(changes);
  }
  return Object.keys(fields).length ? fields : null;
}
