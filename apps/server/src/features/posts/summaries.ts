import type { Db } from '../../db/database.js';
import type { MediaType } from '../../db/schema.js';
import type { UserSummaryRow } from '../../platform/presenters.js';
import type { SummaryCaches } from '../../platform/summary-cache.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Places } from '../places/service.js';
import { createSummaryReads, type ItemRow, type TagRow } from './summaries.repository.js';

const POSTS_KEPT = 20_000;

/**
 * What a post is for everyone: no viewer's likes, saves or blocks. People are referred to by id
 * and resolved through the user summaries. Plain JSON, as Redis keeps it.
 */
export interface PostSummary {
  id: string;
  owner_id: string;
  media_type: MediaType;
  status: 'processing' | 'ready' | 'failed';
  caption: string;
  accessibility_caption: string | null;
  like_count: number;
  comment_count: number;
  comments_disabled: boolean;
  /** Marked sensitive by a moderator (absent from entries cached before the mark existed). */
  sensitive?: boolean;
  /** Epoch milliseconds. */
  created_at: number;
  location: { id: string; name: string; slug: string } | null;
  items: ItemRow[];
  tags: TagRow[];
}

/**
 * Post summaries cached by post id. A miss is loaded with its owner and tagged people in one
 * statement, and those people go to the user summaries on the way. The posts feature owns these
 * entries: whatever changes a post (a like, a comment, an edit, a tag review, the end of a
 * video's encoding, a deletion) ends with `forget` once its write committed.
 */
export function createPostSummaries(db: Db, caches: SummaryCaches, users: UserSummaries, places: Pick<Places, 'names'>) {
  const cache = caches.kind<PostSummary>('post', POSTS_KEPT);
  const reads = createSummaryReads(db);

  async function load(ids: string[], usersTicket: number): Promise<Map<string, PostSummary>> {
    const rows = await reads.postsWithPeople(ids);
    const placeNames = await places.names(rows.flatMap((r) => (r.location_id ? [r.location_id] : [])));

    const people = new Map<string, UserSummaryRow>();
    const posts = new Map<string, PostSummary>();
    for (const r of rows) {
      people.set(r.owner_id, { id: r.owner_id, username: r.username, full_name: r.full_name, profile_pic_key: r.profile_pic_key, is_private: r.is_private, is_verified: r.is_verified });
      for (const t of r.tags) people.set(t.user_id, { id: t.user_id, username: t.username, full_name: t.full_name, profile_pic_key: t.profile_pic_key, is_private: t.is_private, is_verified: t.is_verified });
      posts.set(r.id, {
        id: r.id, owner_id: r.owner_id, media_type: r.media_type, status: r.status, caption: r.caption, accessibility_caption: r.accessibility_caption,
        like_count: r.like_count, comment_count: r.comment_count, comments_disabled: r.comments_disabled, sensitive: r.sensitive_at !== null, created_at: r.created_at.getTime(),
        location: (r.location_id && placeNames.get(r.location_id)) || null,
        items: r.items,
        tags: r.tags.map((t) => ({ position: t.position, x: t.x, y: t.y, status: t.status, user_id: t.user_id })),
      });
    }
    users.prime(people, usersTicket);
    return posts;
  }

  return {
    /** The posts found, and every person they name (owners, tagged people). */
    async many(ids: readonly string[]): Promise<{ posts: Map<string, PostSummary>; people: Map<string, UserSummaryRow> }> {
      // Taken before the posts' statement: people it reads as a by-product are kept only if not renamed meanwhile.
      const usersTicket = users.ticket();
      const posts = await cache.many(ids, (missing) => load(missing, usersTicket));
      const named = new Set<string>();
      for (const p of posts.values()) {
        named.add(p.owner_id);
        for (const t of p.tags) named.add(t.user_id);
      }
      return { posts, people: await users.many([...named]) };
    },
    /** After a write to these posts committed. */
    forget: (...ids: string[]) => cache.forget(ids),
    /** Told of every post dropped, by this instance or another. */
    onForget: cache.onForget,
  };
}
export type PostSummaries = ReturnType<typeof createPostSummaries>;
