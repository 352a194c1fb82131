import { reelIdOf, STORY_TRAY_MAX, type StorySticker } from '@shutter/contract';
import type { ReelResult, StoryItemResult, TrayReelResult } from '@shutter/contract/results';
import { decodeCursor, encodeCursor } from '../../platform/cursors.js';
import { badRequest, failWith } from '../../platform/errors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Access } from '../access/service.js';
import type { PlaceHit } from '../places/service.js';
import { createTrayServing, type PreparedTrays, type PreparedTray } from './prepared-tray.js';
import { presentStoryItem, seconds, type StickerNames, type StoryRow } from './present.js';
import type { StoryReadsRepository, ViewerRow } from './reads.repository.js';

export interface StoryReadsDeps {
  repo: StoryReadsRepository;
  userSummaries: Pick<UserSummaries, 'many'>;
  access: Pick<Access, 'blockedAmong' | 'allStillThere'>;
  /** Places by id (names of location stickers and place reels). */
  places: (ids: readonly string[]) => Promise<PlaceHit[]>;
  storage: Storage;
  /** Trays kept ready per viewer; without it each read builds the tray. */
  prepared?: PreparedTrays;
  now?: () => Date;
}

export interface ReelsRequest {
  reelIds: string[];
  highlightIds: string[];
  tagNames: string[];
  locationIds: string[];
  /** The owner's viewer lists: the first page of each of their items, when asked. */
  viewerList: { first: number; after: string | null } | null;
}

type Viewers = NonNullable<StoryItemResult['edge_story_media_viewers']>;

/** A reel read from its stories, before it is presented. */
interface ReelDraft {
  id: string;
  reel_type: ReelResult['reel_type'];
  ownerId: string | null;
  title: string | null;
  cover: StoryRow | null;
  seen: number;
  items: StoryRow[];
}

const viewerCursor = (r: ViewerRow) => encodeCursor([r.viewed_at.getTime(), r.viewer_id]);
function decodeViewerCursor(after: string | null): { at: Date; id: string } | null {
  if (!after) return null;
  const [at, id] = decodeCursor(after, 2);
  if (typeof at !== 'number' || typeof id !== 'string' || !/^\d{1,20}$/.test(id)) throw badRequest('The page cursor is not valid.');
  return { at: new Date(at), id };
}

/**
 * Stories as people read them: the tray, reels (people's, highlights, hashtags', places'), and a
 * story's viewers for its owner. Hydrate (one statement per kind of read for the whole batch),
 * rules (the access module's SQL inside each read, blocks for sticker names), present.
 */
export function createStoryReads(deps: StoryReadsDeps) {
  const { repo, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function buildTray(viewerId: string): Promise<PreparedTray> {
    const rows = await repo.tray(viewerId, now(), STORY_TRAY_MAX);
    const reels = rows.map((r) => ({
      id: r.id,
      latest_reel_media: seconds(r.latest),
      seen: r.seen_at ? seconds(r.seen_at) : 0,
      // One's own close friends' stories are not told apart on one's own ring.
      has_besties_media: r.id !== viewerId && r.besties,
      owner: presentUserSummary(r, storage),
      expiring_at: seconds(r.expiring),
    }));
    return { reels, until: Math.min(...rows.map((r) => r.first_expiring.getTime())) };
  }
  const tray: (viewerId: string) => Promise<TrayReelResult[]> = deps.prepared
    ? createTrayServing({ prepared: deps.prepared, access: deps.access, build: buildTray, now: () => now().getTime() })
    : async (viewerId) => (await buildTray(viewerId)).reels;

  /** A page of viewers per story, with the next page's cursor. */
  function viewerPages(rows: ViewerRow[], storyIds: string[], first: number) {
    const out = new Map<string, { rows: ViewerRow[]; next: string | null }>();
    for (const id of storyIds) {
      const mine = rows.filter((r) => r.story_id === id);
      const page = mine.slice(0, first);
      out.set(id, { rows: page, next: mine.length > first ? viewerCursor(page[page.length - 1]!) : null });
    }
    return out;
  }

  async function reels(viewerId: string | null, req: ReelsRequest): Promise<ReelResult[]> {
    const at = now();
    const people = [...new Set(req.reelIds)];
    const [personal, highlighted, tagged, placed, seen] = await Promise.all([
      repo.peopleItems(viewerId, people, at),
      repo.highlightItems(viewerId, [...new Set(req.highlightIds)]),
      repo.tagItems(viewerId, [...new Set(req.tagNames)], at),
      repo.locationItems(viewerId, [...new Set(req.locationIds)], at),
      repo.seen(viewerId, people),
    ]);

    const drafts: ReelDraft[] = [];
    for (const ownerId of people) {
      const items = personal.filter((s) => s.owner_id === ownerId);
      const seenAt = seen.get(ownerId);
      drafts.push({ id: reelIdOf({ kind: 'user', id: ownerId }), reel_type: 'user_reel', ownerId, title: null, cover: null, seen: seenAt ? seconds(seenAt) : 0, items });
    }
    for (const id of new Set(req.highlightIds)) {
      const items = highlighted.filter((s) => s.highlight_id === id);
      const first = items[0];
      drafts.push({
        id: reelIdOf({ kind: 'highlight', id }), reel_type: 'highlight_reel', ownerId: first?.owner_id ?? null, title: first?.title ?? null,
        cover: items.find((s) => s.id === first?.cover_story_id) ?? first ?? null, seen: 0, items,
      });
    }
    for (const name of new Set(req.tagNames)) {
      // Newest were read first (the reel keeps the newest); the viewer plays them oldest first.
      const items = tagged.filter((s) => s.reel_key === name).reverse();
      drafts.push({ id: reelIdOf({ kind: 'tag', name }), reel_type: 'tag_reel', ownerId: null, title: `#${name}`, cover: null, seen: 0, items });
    }
    for (const id of new Set(req.locationIds)) {
      const items = placed.filter((s) => s.reel_key === id).reverse();
      drafts.push({ id: reelIdOf({ kind: 'location', id }), reel_type: 'location_reel', ownerId: null, title: null, cover: null, seen: 0, items });
    }
    const shown = drafts.filter((d) => d.items.length > 0);
    const allItems = shown.flatMap((d) => d.items);

    // Owner-only figures: the viewer's own items among them.
    const own = viewerId ? [...new Set(allItems.filter((s) => s.owner_id === viewerId).map((s) => s.id))] : [];
    const list = req.viewerList;
    const stickers = allItems.flatMap((s) => s.stickers as StorySticker[]);
    const mentioned = stickers.flatMap((s) => (s.type === 'mention' ? [s.user_id] : []));
    const placeIds = [...new Set([...stickers.flatMap((s) => (s.type === 'location' ? [s.location_id] : [])), ...shown.filter((d) => d.reel_type === 'location_reel').map((d) => d.id.slice('loc:'.length))])];
    const [counts, viewerRows, places] = await Promise.all([
      own.length ? repo.viewCounts(viewerId!, own) : Promise.resolve(new Map<string, number>()),
      own.length && list ? repo.viewers(viewerId!, own, list.first + 1, decodeViewerCursor(list.after)) : Promise.resolve([]),
      deps.places(placeIds),
    ]);
    const everyone = [...new Set([...allItems.map((s) => s.owner_id), ...mentioned, ...viewerRows.map((r) => r.viewer_id)])];
    const [users, blocked] = await Promise.all([deps.userSummaries.many(everyone), deps.access.blockedAmong(viewerId, mentioned)]);
    const names: StickerNames = { users: new Map(), places: new Map() };
    for (const id of mentioned) {
      const u = users.get(id);
      if (u && !blocked.has(id)) names.users.set(id, { id, username: u.username });
    }
    const placeById = new Map(places.map((p) => [p.id, p]));
    for (const p of places) names.places.set(p.id, { id: p.id, name: p.name });
    const pages = list ? viewerPages(viewerRows, own, list.first) : new Map();

    const out: ReelResult[] = [];
    for (const d of shown) {
      const items: StoryItemResult[] = [];
      for (const s of d.items) {
        const owner = users.get(s.owner_id);
        if (!owner) continue;
        let ownerOnly: { viewCount: number; viewers: Viewers | null } | null = null;
        if (s.owner_id === viewerId) {
          const page = pages.get(s.id);
          ownerOnly = {
            viewCount: counts.get(s.id) ?? 0,
            viewers: page ? {
              count: counts.get(s.id) ?? 0,
              edges: page.rows.flatMap((r: ViewerRow) => { const u = users.get(r.viewer_id); return u ? [{ node: presentUserSummary(u, storage) }] : []; }),
              page_info: { has_next_page: page.next !== null, end_cursor: page.next },
            } : null,
          };
        }
        items.push(presentStoryItem(s, presentUserSummary(owner, storage), storage, names, ownerOnly));
      }
      if (items.length === 0) continue;
      const owner = d.ownerId ? users.get(d.ownerId) : undefined;
      const latest = Math.max(...d.items.map((s) => seconds(s.taken_at)));
      const title = d.reel_type === 'location_reel' ? placeById.get(d.id.slice('loc:'.length))?.name ?? null : d.title;
      out.push({
        id: d.id,
        reel_type: d.reel_type,
        owner: owner ? presentUserSummary(owner, storage) : null,
        title,
        cover_url: d.cover ? coverUrl(d.cover, storage) : null,
        latest_reel_media: latest,
        expiring_at: d.reel_type === 'highlight_reel' ? null : Math.max(...d.items.map((s) => seconds(s.expiring_at))),
        seen: d.seen,
        has_besties_media: d.ownerId !== viewerId && d.items.some((s) => s.audience === 'besties'),
        // Replies go to one person: a logged-in viewer answering someone else's reel or highlight.
        can_reply: viewerId !== null && d.ownerId !== null && d.ownerId !== viewerId,
        items,
      });
    }
    return out;
  }

  /** Who saw one of the owner's stories, newest first. Anyone but its owner is told it is not there. */
  async function viewers(viewerId: string, storyId: string, first: number, after: string | null) {
    const story = await repo.story(storyId);
    if (!story || story.owner_id !== viewerId) throw failWith(404, { code: 'story_not_found' });
    const [counts, rows] = await Promise.all([
      repo.viewCounts(viewerId, [storyId]),
      repo.viewers(viewerId, [storyId], first + 1, decodeViewerCursor(after)),
    ]);
    const page = viewerPages(rows, [storyId], first).get(storyId)!;
    const users = await deps.userSummaries.many(page.rows.map((r) => r.viewer_id));
    return {
      id: story.id,
      __typename: story.kind === 'video' ? 'GraphStoryVideo' as const : 'GraphStoryImage' as const,
      edge_story_media_viewers: {
        count: counts.get(storyId) ?? 0,
        edges: page.rows.flatMap((r) => { const u = users.get(r.viewer_id); return u ? [{ node: presentUserSummary(u, storage) }] : []; }),
        page_info: { has_next_page: page.next !== null, end_cursor: page.next },
      },
    };
  }

  return { tray, reels, viewers };
}
export type StoryReads = ReturnType<typeof createStoryReads>;

/** A highlight's cover: its cover story's smallest picture (covers are small circles). */
function coverUrl(s: StoryRow, storage: Storage): string | null {
  const smallest = [...s.variants].sort((a, b) => a.width - b.width)[0];
  if (smallest) return storage.url(smallest.key);
  return s.poster_key ? storage.url(s.poster_key) : null;
}
