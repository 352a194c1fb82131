import type { Db } from '../../db/database.js';
import { createHashtagsRepository } from '../hashtags/repository.js';
import { createPostExploreReads, type ExplorePostRow } from '../posts/explore.repository.js';

/** A candidate post with its hashtags. */
export interface ExploreCandidateRow extends ExplorePostRow {
  tags: string[];
}

/** What explore reads of other areas: recent public posts and engagement (posts), and their tags (hashtags). */
export function createExploreReads(db: Db) {
  const posts = createPostExploreReads(db);
  const hashtags = createHashtagsRepository(db);
  return {
    async recentPublicPosts(window: number): Promise<ExploreCandidateRow[]> {
      const rows = await posts.recentPublicPosts(window);
      const tags = await hashtags.tagsOfMany(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
    },

    /** The hashtags of the posts the viewer liked or saved lately, with how often. */
    async tagsEngagedBy(viewerId: string, limit: number): Promise<Map<string, number>> {
      return hashtags.tagCounts(await posts.recentlyEngaged(viewerId, limit));
    },

    async tagsOf(mediaId: string): Promise<string[]> {
      return (await hashtags.tagsOfMany([mediaId])).get(mediaId) ?? [];
    },
  };
}
export type ExploreReads = ReturnType<typeof createExploreReads>;
