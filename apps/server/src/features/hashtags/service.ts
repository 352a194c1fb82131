import { FEED_HASHTAG_POSTS_PER_PAGE, HASHTAG_NAME, HASHTAG_RELATED_TAGS, HASHTAG_TOP_POSTS, type MediaNode } from '@shutter/contract';
import type { HashtagPageResult } from '@shutter/contract/results';
import type { ImageVariant } from '../../db/schema.js';
import { decodeCursor, decodeIdCursor, toPage } from '../../platform/cursors.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import { CARD_OPTIONS } from '../posts/service.js';
import type { PostSummaries } from '../posts/summaries.js';
import type { HashtagsRepository } from './repository.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };
/** Below this many prefix matches, a search also asks for names a typo away. */
const FEW_PREFIX_HITS = 3;

/** What a hashtag search answers (the blended search shows these beside people and places). */
export type HashtagHit = { id: string; name: string; media_count: number };

export const ADVISORY = {
  title: 'Sensitive content',
  description: 'Posts with this hashtag may contain content that some people find upsetting.',
};

/** A tag as stored: without '#', lower case; null when it cannot be a hashtag. */
export function hashtagName(raw: string): string | null {
  const name = raw.replace(/^#/, '').toLowerCase();
  return HASHTAG_NAME.test(name) && !/^\d+$/.test(name) ? name : null;
}

/** Exact name first, then names starting with the query, by post count; names a typo away when those are few. */
export async function searchHashtags(repo: HashtagsRepository, query: string, limit: number): Promise<HashtagHit[]> {
  const folded = query.replace(/^#/, '').trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (!folded || limit <= 0) return [];
  const hits = (await repo.prefix(folded, limit)).map((r) => ({ id: String(r.id), name: r.name, media_count: r.media_count }));
  if (hits.length >= Math.min(limit, FEW_PREFIX_HITS) || folded.length < 3) return hits;
  const known = new Set(hits.map((h) => h.id));
  for (const r of await repo.similar(folded, limit)) {
    if (hits.length >= limit) break;
    if (!known.has(String(r.id))) hits.push({ id: String(r.id), name: r.name, media_count: r.media_count });
  }
  return hits;
}

const smallest = (variants: { src: string; config_width: number }[]) => [...variants].sort((a, b) => a.config_width - b.config_width)[0]?.src ?? null;
const thumbOf = (node: MediaNode | undefined) => (node ? smallest(node.display_resources) ?? node.display_url : null);

/**
 * Hashtags: a tag's page (count, top posts, newest posts, related tags, the viewer's follow and
 * advisory state), following, the advisory's acknowledgement, the tags someone follows, search,
 * and the followed tags' posts the home feed mixes in. Visibility of posts is the access rules'
 * (in the repository's scans and the hydrator); of a person's follow list, the access module's.
 */
export function createHashtagsService(repo: HashtagsRepository, hydrate: MediaHydrator, summaries: PostSummaries, storage: Storage, access: Access) {
  function requireName(raw: string): string {
    const name = hashtagName(raw);
    if (!name) throw badRequest('This is not a hashtag.');
    return name;
  }

  /**
   * The tag as the viewer may know it, with how many of its posts they may see: everyone sees its
   * public posts; a signed-in viewer also their own and their private follows' (read only when the
   * tag has posts outside its public count). A tag none of whose posts the viewer may see is, for
   * them, a tag nobody used, unless they follow it already (they may still unfollow it).
   */
  async function visibleTag(name: string, viewerId: string | null) {
    const tag = await repo.find(name, viewerId);
    if (!tag) return undefined;
    const outside = tag.media_count - tag.public_media_count;
    const hidden = viewerId && outside > 0 ? await repo.hiddenCountFor(name, viewerId, outside) : 0;
    const count = tag.public_media_count + hidden;
    return count > 0 || tag.following ? { ...tag, count } : undefined;
  }

  async function requireTag(raw: string, viewerId: string) {
    const tag = await visibleTag(requireName(raw), viewerId);
    if (!tag) throw notFound('Hashtag not found.');
    return tag;
  }

  async function recent(name: string, viewerId: string | null, first: number, after: string | null | undefined, count: number) {
    const ids = await repo.recentIds(name, viewerId, first, decodeIdCursor(after));
    const { items, page_info } = toPage(ids, first, (id) => [id]);
    const nodes = await hydrate(items, viewerId, GRID);
    return { count, edges: nodes.map((node) => ({ node })), page_info };
  }

  const coverOf = (variants: ImageVariant[] | undefined) => {
    const v = variants && [...variants].sort((a, b) => a.width - b.width).find((x) => x.width >= 150);
    return v ? storage.url(v.key) : null;
  };

  return {
    /**
     * The tag's page for a viewer (graphql.hashtag); an unused tag, and one with no post the viewer
     * may see, is the same page without posts.
     */
    async page(raw: string, viewerId: string | null, first: number): Promise<HashtagPageResult> {
      const name = requireName(raw);
      const tag = await visibleTag(name, viewerId);
      if (!tag) {
        return {
          id: null, name, allow_following: false, is_following: false, is_top_media_only: false, profile_pic_url: null,
          edge_hashtag_to_media: { count: 0, edges: [], page_info: { has_next_page: false, end_cursor: null } },
          edge_hashtag_to_top_posts: { edges: [] }, edge_hashtag_to_related_tags: { edges: [] }, content_advisory: null,
        };
      }
      const [topIds, related, grid] = await Promise.all([
        repo.topIds(name, viewerId, HASHTAG_TOP_POSTS),
        repo.related(name, HASHTAG_RELATED_TAGS),
        recent(name, viewerId, first, null, tag.count),
      ]);
      const top = await hydrate(topIds, viewerId, GRID);
      return {
        id: tag.id,
        name,
        allow_following: true,
        is_following: tag.following,
        is_top_media_only: false,
        profile_pic_url: thumbOf(top[0]),
        edge_hashtag_to_media: grid,
        edge_hashtag_to_top_posts: { edges: top.map((node) => ({ node })) },
        edge_hashtag_to_related_tags: { edges: related.map((node) => ({ node })) },
        content_advisory: tag.is_sensitive ? { ...ADVISORY, acknowledged: tag.acknowledged } : null,
      };
    },

    /** The tag's newest posts, a page at a time (the recent tab, and the grid's next pages). */
    async recent(raw: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const name = requireName(raw);
      const tag = await visibleTag(name, viewerId);
      if (!tag) return { name, edge_hashtag_to_media: { count: 0, edges: [], page_info: { has_next_page: false, end_cursor: null } } };
      return { name, edge_hashtag_to_media: await recent(name, viewerId, first, after, tag.count) };
    },

    /** Idempotent; a tag with no post the viewer may see cannot be followed (404). */
    async follow(userId: string, raw: string): Promise<void> {
      const tag = await requireTag(raw, userId);
      await repo.follow(userId, tag.id);
    },

    async unfollow(userId: string, raw: string): Promise<void> {
      const tag = await requireTag(raw, userId);
      await repo.unfollow(userId, tag.id);
    },

    /** Once per tag and viewer; acknowledging a tag without an advisory changes nothing. */
    async acknowledge(userId: string, raw: string): Promise<void> {
      const tag = await requireTag(raw, userId);
      if (tag.is_sensitive) await repo.acknowledge(userId, tag.id);
    },

    /** The tags a user follows, as the user's follow lists are shown: private accounts to their followers only. */
    async followList(userId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, userId);
      let before: { at: string; id: string } | null = null;
      if (after) {
        const [at, id] = decodeCursor(after, 2);
        if (typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0 || at > 8.64e15 || !/^\d{1,19}$/.test(String(id))) throw badRequest('The page cursor is not valid.');
        before = { at: new Date(at).toISOString(), id: String(id) };
      }
      const [rows, count] = await Promise.all([repo.followed(userId, viewerId, first, before), repo.countFollowed(userId)]);
      // Follows are stored to the millisecond (see the migration), so the cursor's time is exact.
      const { items, page_info } = toPage(rows, first, (r) => [r.followed_at.getTime(), r.id]);
      const covers = items.map((r) => r.cover_id).filter((id): id is string => id !== null);
      const { posts } = covers.length ? await summaries.many(covers) : { posts: new Map() };
      return {
        count,
        edges: items.map((r) => ({
          node: { id: r.id, name: r.name, media_count: r.media_count, profile_pic_url: r.cover_id ? coverOf(posts.get(r.cover_id)?.items[0]?.variants) : null },
        })),
        page_info,
      };
    },

    /** The same for everyone: tags with public posts, by their public count. */
    search: (query: string, limit: number): Promise<HashtagHit[]> => searchHashtags(repo, query, limit),
    /** The tags with the most public posts, as search suggests them for a lone '#'. */
    popular: async (limit: number): Promise<HashtagHit[]> => (await repo.popular(limit)).map((r) => ({ id: String(r.id), name: r.name, media_count: r.media_count })),
    /** Tags by name as search lists them; a tag gone (no public posts left) is missing from the answer. */
    hits: async (names: string[]): Promise<HashtagHit[]> => (await repo.byNames(names)).map((r) => ({ id: String(r.id), name: r.name, media_count: r.media_count })),
    directory: { hashtagNames: repo.directoryNames },

    /**
     * Posts of followed hashtags for one page of the home feed, whose posts span the ids between
     * `afterId` (exclusive, the page's last) and `beforeId`: a page's range never overlaps another's,
     * so no post comes twice.
     */
    forFeedPage: (viewerId: string, beforeId: string, afterId: string) => repo.fromFollowedTags(viewerId, beforeId, afterId, FEED_HASHTAG_POSTS_PER_PAGE),

    /** Applied at start from SENSITIVE_HASHTAGS: exactly these tags carry the content advisory. */
    setSensitive: (names: string[]) => repo.setSensitive(names.map(requireName)),
    /** Adds the advisory to these tags (the demo world's). */
    markSensitive: (names: string[]) => repo.markSensitive(names.map(requireName)),
  };
}
export type HashtagsService = ReturnType<typeof createHashtagsService>;
