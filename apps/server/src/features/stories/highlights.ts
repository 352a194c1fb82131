import { HIGHLIGHT_ITEMS_MAX, HIGHLIGHT_TITLE_MAX_LENGTH, HIGHLIGHTS_PER_ACCOUNT_MAX, reelIdOf } from '@shutter/contract';
import type { HighlightResult } from '@shutter/contract/results';
import { failWith } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { HighlightCoverRow, HighlightsRepository, HighlightSummaryRow } from './highlights.repository.js';
import { seconds } from './present.js';

export interface HighlightInput {
  title: string;
  story_ids: string[];
  cover_story_id?: string | null;
}

export interface HighlightChange {
  title?: string;
  /** null (or empty) takes the chosen cover away: the first story shows instead. */
  cover_story_id?: string | null;
  add_story_ids?: string[];
  remove_story_ids?: string[];
}

const notFound = () => failWith(404, { code: 'highlight_not_found' });

function checkedTitle(raw: string): string {
  const title = raw.trim();
  if (title === '') throw failWith(400, { code: 'highlight_title_empty' });
  if ([...title].length > HIGHLIGHT_TITLE_MAX_LENGTH) throw failWith(400, { code: 'highlight_title_long', params: { max: HIGHLIGHT_TITLE_MAX_LENGTH } });
  return title;
}

function checkedCount(n: number): void {
  if (n === 0) throw failWith(400, { code: 'highlight_stories_empty' });
  if (n > HIGHLIGHT_ITEMS_MAX) throw failWith(400, { code: 'highlight_stories_many', params: { max: HIGHLIGHT_ITEMS_MAX } });
}

/** The smallest picture of the cover story: a circle needs no more. */
function coverUrl(cover: HighlightCoverRow | undefined, storage: Storage): string | null {
  if (!cover) return null;
  const smallest = [...cover.variants].sort((a, b) => a.width - b.width)[0];
  if (smallest) return storage.url(smallest.key);
  return cover.poster_key ? storage.url(cover.poster_key) : null;
}

/**
 * Highlights: an owner gathers their stories (live or archived) under a title; they stay there
 * past their expiry. Others see a highlight's stories as the access rules let them see the owner's
 * stories, so one highlight can show fewer stories (or none, then it is not listed) to some.
 */
export function createHighlights(deps: { repo: HighlightsRepository; access: Access; storage: Storage; nextId: IdGenerator }) {
  const { repo, access, storage } = deps;

  async function present(rows: HighlightSummaryRow[], viewerId: string | null): Promise<HighlightResult[]> {
    const covers = new Map((await repo.covers(rows.map((r) => r.id), viewerId)).map((c) => [c.highlight_id, c]));
    return rows.map((r) => ({
      id: r.id,
      reel_id: reelIdOf({ kind: 'highlight', id: r.id }),
      title: r.title,
      cover_url: coverUrl(covers.get(r.id), storage),
      item_count: r.item_count,
      created_at: seconds(r.created_at),
    }));
  }

  async function ownerView(ownerId: string, id: string): Promise<HighlightResult> {
    const row = (await repo.visibleOf(ownerId, ownerId, HIGHLIGHTS_PER_ACCOUNT_MAX)).find((r) => r.id === id);
    if (!row) throw notFound();
    return (await present([row], ownerId))[0]!;
  }

  async function owned(viewerId: string, id: string) {
    const highlight = await repo.find(id);
    // Someone else's highlight is not there for this viewer to change.
    if (!highlight || highlight.owner_id !== viewerId) throw notFound();
    return highlight;
  }

  return {
    async list(viewerId: string | null, userId: string): Promise<HighlightResult[]> {
      await access.requireContent(viewerId, userId);
      return present(await repo.visibleOf(userId, viewerId, HIGHLIGHTS_PER_ACCOUNT_MAX), viewerId);
    },

    async create(viewerId: string, input: HighlightInput): Promise<HighlightResult> {
      const title = checkedTitle(input.title);
      const storyIds = [...new Set(input.story_ids)];
      checkedCount(storyIds.length);
      const cover = input.cover_story_id || null;
      if (cover && !storyIds.includes(cover)) throw failWith(400, { code: 'highlight_cover_invalid' });
      const id = deps.nextId();
      await repo.transaction(async (trx) => {
        await repo.lockOwner(trx, viewerId);
        if ((await repo.countOf(viewerId, trx)) >= HIGHLIGHTS_PER_ACCOUNT_MAX) throw failWith(400, { code: 'highlights_many', params: { max: HIGHLIGHTS_PER_ACCOUNT_MAX } });
        const own = await repo.ownStories(viewerId, storyIds, trx);
        if (own.size !== storyIds.length) throw failWith(400, { code: 'highlight_story_not_own' });
        await repo.insert(trx, { id, owner_id: viewerId, title, cover_story_id: cover }, storyIds);
      });
      return ownerView(viewerId, id);
    },

    async edit(viewerId: string, id: string, change: HighlightChange): Promise<HighlightResult> {
      const highlight = await owned(viewerId, id);
      const title = change.title === undefined ? undefined : checkedTitle(change.title);
      const add = [...new Set(change.add_story_ids ?? [])];
      const remove = [...new Set(change.remove_story_ids ?? [])];
      await repo.transaction(async (trx) => {
        await repo.lockOwner(trx, viewerId);
        if (add.length > 0 && (await repo.ownStories(viewerId, add, trx)).size !== add.length) throw failWith(400, { code: 'highlight_story_not_own' });
        const items = new Set(await repo.itemIds(id, trx));
        for (const s of add) items.add(s);
        for (const s of remove) items.delete(s);
        checkedCount(items.size);
        let cover: string | null | undefined;
        if (change.cover_story_id !== undefined) {
          cover = change.cover_story_id || null;
          if (cover && !items.has(cover)) throw failWith(400, { code: 'highlight_cover_invalid' });
        } else if (highlight.cover_story_id && !items.has(highlight.cover_story_id)) cover = null;
        await repo.update(trx, id, { ...(title !== undefined ? { title } : {}), ...(cover !== undefined ? { cover_story_id: cover } : {}) }, add, remove);
      });
      return ownerView(viewerId, id);
    },

    async remove(viewerId: string, id: string): Promise<void> {
      await owned(viewerId, id);
      await repo.remove(id);
    },
  };
}
export type Highlights = ReturnType<typeof createHighlights>;
