import type { MediaItem, MediaNode, UserSummary } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';
import { encodeCursor } from '../../platform/cursors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { idToShortcode } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import type { CommentHydrator } from '../comments/hydrate.js';
import type { CommentRow } from '../comments/repository.js';
import type { Access } from '../access/service.js';
import type { StoryRings } from '../stories/rings.js';
import { createHydrateReads } from './hydrate.repository.js';
import type { PostSummaries } from './summaries.js';

export interface HydrateOptions {
  /** Parent comments per post: the newest N for feed cards, the first N (with replies) for a post page. */
  comments: number;
  commentsMode: 'newest' | 'oldest';
  replies: number;
  /** Followed likers per post for the social context. */
  likers: number;
  /** The owners' story rings, where a post shows its owner's picture (feed cards, a post's page). */
  rings?: boolean;
}

const typename = (t: string): MediaNode['__typename'] => (t === 'sidecar' ? 'GraphSidecar' : t === 'video' ? 'GraphVideo' : 'GraphImage');

/**
 * Hydration: the ids of a page of posts become MediaNodes in a fixed number of batched queries
 * whatever the page size: what the posts are for everyone comes from the summaries cache (its
 * misses in one statement), what they are for this viewer (likes and saves, followed likers,
 * comments, blocks, pending tags) is read each time. Ids the viewer may not see must be filtered before.
 */
export function createMediaHydrator(db: Db, storage: Storage, comments: CommentHydrator, access: Access, postSummaries: PostSummaries, rings: Pick<StoryRings, 'ringsFor'>) {
  const resources = (variants: ImageVariant[]) =>
    [...variants].sort((a, b) => a.width - b.width).map((v) => ({ src: storage.url(v.key), config_width: v.width, config_height: v.height }));
  const reads = createHydrateReads(db);

  return async function hydrate(ids: string[], viewerId: string | null, opts: HydrateOptions): Promise<MediaNode[]> {
    if (ids.length === 0) return [];
    const [summaries, viewerMarks, allLikers, allComments] = await Promise.all([
      // What the post is for everyone, with its owner and tagged people: from the cache, misses in one statement.
      postSummaries.many(ids),
      // What the viewer did to each post (liked, saved): one statement.
      viewerId ? reads.viewerMarks(ids, viewerId) : [],
      viewerId && opts.likers > 0 ? reads.followedLikers(ids, viewerId, opts.likers) : [],
      opts.comments > 0 ? comments.firstParents(ids, opts.commentsMode, opts.comments + 1) : ([] as CommentRow[]),
    ]);

    const { posts, people } = summaries;
    // An owner or tagged person missing (an account deleted meanwhile) leaves out their post or tag.
    const rows = [...posts.values()].filter((p) => people.has(p.owner_id));
    const allTags = rows.flatMap((r) => r.tags.filter((t) => people.has(t.user_id)).map((t) => ({ ...t, id: t.user_id, media_id: r.id })));
    // The rules step: people blocked either way drop out of the comments, tags and likers shown.
    // The owners' rings are the viewer's, so they come after the cache, in one statement for the page.
    const [blocked, ownerRings] = await Promise.all([
      access.blockedAmong(viewerId, [...allComments.map((c) => c.user_id), ...allTags.map((t) => t.id), ...allLikers.map((l) => l.id)]),
      opts.rings ? rings.ringsFor(viewerId, rows.map((r) => r.owner_id)) : null,
    ]);
    const commentRows = await comments.keepShown(allComments.filter((c) => !blocked.has(c.user_id)), viewerId, new Map(rows.map((r) => [r.id, r.owner_id])));
    const tags = allTags.filter((t) => !blocked.has(t.id));
    const likers = allLikers.filter((l) => !blocked.has(l.id));

    // One row past the page was fetched per post: it only says that more comments exist.
    const shown: CommentRow[] = [];
    const moreComments = new Set<string>();
    for (const id of ids) {
      const own = commentRows.filter((c) => c.media_id === id);
      if (own.length > opts.comments) moreComments.add(id);
      shown.push(...(opts.commentsMode === 'newest' ? own.slice(-opts.comments) : own.slice(0, opts.comments)));
    }
    const ownerOf = new Map(rows.map((r) => [r.id, r.owner_id]));
    const commentNodes = await comments.hydrate(shown, viewerId, ownerOf, opts.replies);
    const likedSet = new Set(viewerMarks.filter((r) => r.kind === 'like').map((r) => String(r.media_id)));
    const savedSet = new Set(viewerMarks.filter((r) => r.kind === 'save').map((r) => String(r.media_id)));

    const byId = new Map<string, MediaNode>();
    for (const r of rows) {
      const own = r.items;
      const children: MediaItem[] = own.map((it) => {
        // A tag waiting for the tagged person's approval shows only to them and to the post's owner.
        const itemTags = tags.filter((t) => t.media_id === r.id && t.position === it.position && (t.status === 'approved' || viewerId === t.id || viewerId === r.owner_id));
        const isVideo = it.kind === 'video';
        const display = resources(it.variants);
        return {
          __typename: isVideo ? 'GraphVideo' : 'GraphImage',
          id: `${r.id}_${it.position}`,
          is_video: isVideo,
          dimensions: { width: it.width, height: it.height },
          display_url: display[display.length - 1]?.src ?? (it.poster_key ? storage.url(it.poster_key) : ''),
          display_resources: display,
          thumbhash: it.thumbhash,
          accessibility_caption: it.accessibility_caption,
          video_url: isVideo && it.video_key && !it.video_key.startsWith('pending:') ? storage.url(it.video_key) : null,
          video_duration: it.duration_ms !== null ? it.duration_ms / 1000 : null,
          edge_media_to_tagged_user: { edges: itemTags.map((t) => ({ node: { user: { id: t.id, username: people.get(t.id)!.username, full_name: people.get(t.id)!.full_name }, x: t.x, y: t.y } })) },
        };
      });
      const first = children[0];
      const ownComments = commentNodes.filter((_, i) => shown[i]!.media_id === r.id);
      const lastComment = ownComments[ownComments.length - 1];
      const ctx: UserSummary[] = likers.filter((l) => l.media_id === r.id).map((l) => presentUserSummary(l, storage));
      byId.set(r.id, {
        ...(first ?? ({} as MediaItem)),
        __typename: typename(r.media_type),
        id: r.id,
        shortcode: idToShortcode(r.id),
        owner: ownerRings ? { ...presentUserSummary(people.get(r.owner_id)!, storage), reel: ownerRings.get(r.owner_id) ?? null } : presentUserSummary(people.get(r.owner_id)!, storage),
        taken_at_timestamp: Math.floor(r.created_at / 1000),
        status: r.status,
        accessibility_caption: r.accessibility_caption ?? first?.accessibility_caption ?? null,
        edge_sidecar_to_children: r.media_type === 'sidecar' ? { edges: children.map((node) => ({ node })) } : null,
        edge_media_to_caption: { edges: r.caption ? [{ node: { text: r.caption } }] : [] },
        location: r.location,
        edge_media_preview_like: { count: r.like_count, edges: ctx.map((node) => ({ node })) },
        edge_media_to_parent_comment: {
          count: r.comment_count,
          edges: ownComments.map((node) => ({ node })),
          page_info: {
            has_next_page: moreComments.has(r.id),
            end_cursor: opts.commentsMode === 'oldest' && moreComments.has(r.id) && lastComment ? encodeCursor([lastComment.id]) : null,
          },
        },
        comments_disabled: r.comments_disabled,
        viewer_has_liked: likedSet.has(r.id),
        viewer_has_saved: savedSet.has(r.id),
        viewer_can_delete: viewerId === r.owner_id,
        // Summaries cached before the mark existed carry none.
        is_sensitive: r.sensitive ?? false,
      });
    }
    return ids.map((id) => byId.get(id)).filter((n): n is MediaNode => n !== undefined);
  };
}
export type MediaHydrator = ReturnType<typeof createMediaHydrator>;
