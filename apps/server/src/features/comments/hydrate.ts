import type { CommentNode } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { encodeCursor } from '../../platform/cursors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { InteractionRules } from '../settings/rules.js';
import { createCommentsRepository, type CommentRow } from './repository.js';

/**
 * Turns comment rows into CommentNodes in three batched queries at most: which the viewer liked,
 * and (for parents) the first replies of each.
 */
export function createCommentHydrator(db: Db, storage: Storage, access: Access, filter?: Pick<InteractionRules, 'keepShownComments'>) {
  const repo = createCommentsRepository(db);
  /** The rules step of the post owners' comment filters (posts by id -> owner). */
  const keepShown = <T extends CommentRow>(rows: T[], viewerId: string | null, ownerOf: Map<string, string>): Promise<T[]> =>
    filter ? filter.keepShownComments(rows, viewerId, ownerOf) : Promise.resolve(rows);
  async function likedByViewer(ids: string[], viewerId: string | null): Promise<Set<string>> {
    if (!viewerId || ids.length === 0) return new Set();
    return repo.likedBy(viewerId, ids);
  }

  function present(row: CommentRow, liked: Set<string>, viewerId: string | null, mediaOwnerId: string | undefined): CommentNode {
    return {
      id: row.id,
      text: row.text,
      created_at: Math.floor(row.created_at.getTime() / 1000),
      owner: presentUserSummary({ ...row, id: row.user_id }, storage),
      did_report_as_spam: false,
      viewer_has_liked: liked.has(row.id),
      edge_liked_by: { count: row.like_count },
      viewer_can_delete: viewerId !== null && (viewerId === row.user_id || viewerId === mediaOwnerId),
    };
  }

  return {
    present,
    keepShown,

    /** The first parent comments of each of these posts (rows for `hydrate`, after the rules step). */
    firstParents: repo.firstParents,

    /** Nodes for rows of one kind (parents or replies); parents get up to `replies` first replies. */
    async hydrate(rows: CommentRow[], viewerId: string | null, ownerOf: Map<string, string>, replies = 0): Promise<CommentNode[]> {
      const parents = replies > 0 ? rows.filter((r) => r.parent_id === null && r.reply_count > 0).map((r) => r.id) : [];
      const fetchedReplies: CommentRow[] = parents.length ? await repo.firstReplies(parents, replies) : [];
      // The rules step for the replies shown under each parent (the caller filtered the parents).
      const replyRows = await keepShown(await access.keepVisibleUsers(viewerId, fetchedReplies, (r) => r.user_id), viewerId, ownerOf);
      const liked = await likedByViewer([...rows, ...replyRows].map((r) => r.id), viewerId);
      const byParent = new Map<string, CommentRow[]>();
      for (const r of replyRows) byParent.set(r.parent_id!, [...(byParent.get(r.parent_id!) ?? []), r]);
      return rows.map((row) => {
        const node = present(row, liked, viewerId, ownerOf.get(row.media_id));
        if (row.parent_id !== null) return node;
        const first = byParent.get(row.id) ?? [];
        const last = first[first.length - 1];
        node.edge_threaded_comments = {
          count: row.reply_count,
          edges: first.map((r) => ({ node: present(r, liked, viewerId, ownerOf.get(r.media_id)) })),
          page_info: { has_next_page: row.reply_count > first.length, end_cursor: last && row.reply_count > first.length ? encodeCursor([last.id]) : null },
        };
        return node;
      });
    },
  };
}
export type CommentHydrator = ReturnType<typeof createCommentHydrator>;
