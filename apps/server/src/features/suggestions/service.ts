import { messageText, type CodedMessage } from '@shutter/contract';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { StoryRings } from '../stories/rings.js';
import type { Candidate, SuggestionsRepository } from './repository.js';

/**
 * Suggested accounts: friends of friends first (followed by more of the people the viewer follows
 * ranks higher), then the most followed accounts, never someone already followed, requested,
 * blocked either way, dismissed, or already seen by the client.
 */
export function createSuggestions(repo: SuggestionsRepository, storage: Storage, rings: Pick<StoryRings, 'ringsFor'>) {
  const present = async (viewerId: string, rows: Candidate[], describe: (r: Candidate) => CodedMessage) => {
    const shown = await rings.ringsFor(viewerId, rows.map((r) => r.id));
    return rows.map((r) => ({
      node: {
        user: { ...presentUserSummary(r, storage), reel: shown.get(r.id) ?? null, followed_by_viewer: false as const, requested_by_viewer: false as const },
        description: messageText(describe(r)),
        // The same reason by code, for clients that show it in the reader's language.
        description_message: describe(r),
        // The description already tells the social context; clients show it when this is null.
        social_context: null,
      },
    }));
  };

  return {
    async list(viewerId: string, count: number, seen: string[]) {
      const rows = await repo.candidates(viewerId, count + 1, seen);
      const shown = rows.slice(0, count);
      return {
        edges: await present(viewerId, shown, (r): CodedMessage => {
          const mutual = Number(r.mutual);
          if (!r.via) return { code: 'popular' };
          return mutual > 1 ? { code: 'followed_by_more', params: { username: r.via, count: mutual - 1 } } : { code: 'followed_by', params: { username: r.via } };
        }),
        page_info: { has_next_page: rows.length > count },
      };
    },

    async similar(viewerId: string, targetId: string, count: number) {
      return { edges: await present(viewerId, await repo.similar(viewerId, targetId, count), (r): CodedMessage => (r.via ? { code: 'followed_by', params: { username: r.via } } : { code: 'suggested_for_you' })) };
    },

    async count(viewerId: string) {
      return (await repo.candidates(viewerId, 100, [])).length;
    },

    dismiss: repo.dismiss,
  };
}
export type Suggestions = ReturnType<typeof createSuggestions>;
