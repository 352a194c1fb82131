import type { DirectItemResult, DirectThreadResult, DirectUserResult } from '@shutter/contract';
import { encodeCursor } from '../../platform/cursors.js';
import { decomposeId } from '../../platform/ids.js';
import { presentUserSummary, type UserSummaryRow } from '../../platform/presenters.js';
import { idToShortcode } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import type { PostSummary } from '../posts/summaries.js';
import type { StoryPicture } from '../stories/reads.repository.js';
import type { ItemRow, MemberRow, ReactionRow, ThreadRow } from './repository.js';
import type { StoredPhoto, StoredStoryRef } from './types.js';

/** What an item keeps in its payload column, by type (media_share keeps its post in `media_id`). */
export interface ItemPayload {
  photo?: StoredPhoto;
  link?: NonNullable<DirectItemResult['link']>['link_context'];
  story?: StoredStoryRef;
  description?: string;
}

/** A thread with everything its presentation reads, for any of its members. */
export interface ThreadBundle {
  thread: ThreadRow;
  members: MemberRow[];
  /** Newest first; one more than shown tells that older ones exist. */
  items: ItemRow[];
  lastPermanent: ItemRow | null;
  joinRequests: string[];
}

/** What a batch of threads needs from other areas: people, shared posts, reactions, the stories replied to or shared. */
export interface Hydrated {
  users: Map<string, UserSummaryRow>;
  posts: Map<string, PostSummary>;
  reactions: Map<string, ReactionRow[]>;
  stories: Map<string, StoryPicture>;
}

/** What the access rules say for one viewer of the batch. */
export interface ViewerRules {
  viewerId: string;
  /** People a block stands between and the viewer, either way: their items and names are left out. */
  blocked: Set<string>;
  /** Shared posts the viewer may see. */
  visibleMedia: Set<string>;
  /** Stories replied to or shared that the viewer may see now (live, or their own). */
  visibleStories: Set<string>;
}

export const itemTimestamp = (itemId: string) => decomposeId(itemId).timestampMs;

export const isPermanent = (itemType: string) => itemType !== 'action_log';

export function presentDirectUser(u: UserSummaryRow, storage: Storage): DirectUserResult {
  return { ...presentUserSummary(u, storage), pk: u.id };
}

const PREVIEW_WIDTH = 640;

/** A preview needs no more than a phone's width: the variant closest above it, else the widest; a video's poster. */
function previewUrl(variants: { width: number; key: string }[], posterKey: string | null, storage: Storage): string | null {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const variant = sorted.find((v) => v.width >= PREVIEW_WIDTH) ?? sorted[sorted.length - 1];
  if (variant) return storage.url(variant.key);
  return posterKey ? storage.url(posterKey) : null;
}

function presentPost(post: PostSummary, owner: UserSummaryRow, storage: Storage) {
  const first = post.items[0];
  // A preview needs no more than a phone's width: the variant closest above it, else the widest.
  const variants = [...(first?.variants ?? [])].sort((a, b) => a.width - b.width);
  const variant = variants.find((v) => v.width >= PREVIEW_WIDTH) ?? variants[variants.length - 1];
  const display = variant ? storage.url(variant.key) : first?.poster_key ? storage.url(first.poster_key) : '';
  return {
    id: post.id,
    shortcode: idToShortcode(post.id),
    media_type: post.media_type === 'sidecar' ? 8 : post.media_type === 'video' ? 2 : 1,
    display_url: display,
    owner: presentUserSummary(owner, storage),
    caption: post.caption || null,
  };
}

export function presentItem(item: ItemRow, rules: ViewerRules, h: Hydrated, storage: Storage): DirectItemResult {
  const likes = (h.reactions.get(item.id) ?? []).filter((r) => !rules.blocked.has(r.user_id));
  const payload = (item.payload ?? {}) as ItemPayload;
  const out: DirectItemResult = {
    item_id: item.id,
    item_type: item.item_type as DirectItemResult['item_type'],
    user_id: item.user_id,
    timestamp: itemTimestamp(item.id),
    client_context: item.user_id === rules.viewerId ? item.client_context : null,
    reactions: { likes: likes.map((r) => ({ sender_id: r.user_id, timestamp: r.created_at.getTime() })), likes_count: likes.length },
    hide_in_thread: false,
  };
  if (item.text !== null) out.text = item.text;
  switch (item.item_type) {
    case 'media_share': {
      const post = item.media_id ? h.posts.get(item.media_id) : undefined;
      const owner = post ? h.users.get(post.owner_id) : undefined;
      out.media_share = post && owner && rules.visibleMedia.has(post.id) ? presentPost(post, owner, storage) : null;
      break;
    }
    case 'media':
      if (payload.photo) {
        const { keys: _keys, ...media } = payload.photo;
        out.media = media;
      }
      break;
    case 'link':
      if (payload.link) out.link = { text: item.text ?? '', link_context: payload.link };
      break;
    case 'reel_share':
    case 'reel_react':
    case 'story_share':
      if (payload.story) {
        const s = payload.story;
        const owner = h.users.get(s.reel_id);
        const story = h.stories.get(s.media_id);
        // The story while it lives and the reader may see it; "story unavailable" afterwards.
        const shown = story && story.owner_id === s.reel_id && rules.visibleStories.has(s.media_id) && !rules.blocked.has(s.reel_id);
        const ref = {
          reel_id: s.reel_id,
          media_id: s.media_id,
          owner: owner && !rules.blocked.has(owner.id) ? presentUserSummary(owner, storage) : null,
          display_url: shown ? previewUrl(story.variants, story.poster_key, storage) : null,
          text: s.text ?? null,
          reaction_emoji: s.reaction_emoji ?? null,
        };
        if (item.item_type === 'story_share') out.story_share = ref;
        else out.reel_share = ref;
      }
      break;
    case 'action_log':
      out.action_log = { description: payload.description ?? '' };
      break;
  }
  return out;
}

/** Whether this viewer is shown this item: not one by someone a block parts them from. */
export const shownTo = (item: ItemRow, rules: ViewerRules) => !rules.blocked.has(item.user_id);

export function presentThread(b: ThreadBundle, limit: number, rules: ViewerRules, h: Hydrated, storage: Storage): DirectThreadResult {
  const { thread, members } = b;
  const viewer = members.find((m) => m.user_id === rules.viewerId);
  const inThread = (m: MemberRow) => m.state === 'active' || m.state === 'pending';
  const person = (id: string) => {
    const u = h.users.get(id);
    return u && !rules.blocked.has(id) ? presentDirectUser(u, storage) : null;
  };
  const others = members.filter((m) => m.user_id !== rules.viewerId);
  const users = others.filter(inThread).map((m) => person(m.user_id)).filter((u): u is DirectUserResult => u !== null);
  const leftUsers = others.filter((m) => !inThread(m)).map((m) => person(m.user_id)).filter((u): u is DirectUserResult => u !== null);
  const shown = b.items.slice(0, limit);
  const hasOlder = b.items.length > limit;
  const oldest = shown[shown.length - 1];
  const items = shown.filter((i) => shownTo(i, rules)).map((i) => presentItem(i, rules, h, storage));
  const lastPermanent = b.lastPermanent && shownTo(b.lastPermanent, rules) ? presentItem(b.lastPermanent, rules, h, storage) : null;
  const inviterId = thread.creator_id && h.users.has(thread.creator_id) ? thread.creator_id : rules.viewerId;
  const inviter = h.users.get(inviterId);
  const lastSeen: DirectThreadResult['last_seen_at'] = {};
  for (const m of members) {
    // Someone who has not accepted a request yet has not told what they read.
    const told = m.state === 'active' || m.user_id === rules.viewerId;
    if (m.last_seen_at && told && !rules.blocked.has(m.user_id)) lastSeen[m.user_id] = { timestamp: m.last_seen_at.getTime(), item_id: m.last_seen_item_id };
  }
  const named = thread.title !== null;
  const names = users.map((u) => u.username);
  return {
    thread_id: thread.id,
    viewer_id: rules.viewerId,
    users,
    left_users: leftUsers,
    inviter: inviter ? presentDirectUser(inviter, storage) : users[0] ?? placeholderUser(rules.viewerId),
    admin_user_ids: members.filter((m) => m.is_admin && inThread(m)).map((m) => m.user_id),
    items,
    last_permanent_item: lastPermanent,
    last_activity_at: thread.last_activity_at.getTime(),
    last_seen_at: lastSeen,
    is_group: thread.is_group,
    pending: viewer?.state === 'pending',
    thread_title: thread.title ?? (names.length ? names.join(', ') : h.users.get(rules.viewerId)?.username ?? ''),
    named,
    muted: viewer?.muted ?? false,
    approval_required_for_new_members: thread.approval_required,
    pending_user_ids: viewer?.is_admin ? b.joinRequests : [],
    has_older: hasOlder,
    oldest_cursor: hasOlder && oldest ? encodeCursor([oldest.id]) : null,
  };
}

function placeholderUser(id: string): DirectUserResult {
  return { id, pk: id, username: '', full_name: '', profile_pic_url: '', is_private: false, is_verified: false };
}
