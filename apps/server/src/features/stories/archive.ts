import { STORY_ARCHIVE_PAGE, type StorySticker } from '@shutter/contract';
import type { StoryItemResult } from '@shutter/contract/results';
import { decodeCursor, toPage } from '../../platform/cursors.js';
import { badRequest, userNotFound } from '../../platform/errors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { ArchiveRepository } from './archive.repository.js';
import type { HighlightsRepository } from './highlights.repository.js';
import { presentStoryItem, type StickerNames, type StoryRow } from './present.js';

export interface ArchiveDeps {
  repo: ArchiveRepository;
  highlights: HighlightsRepository;
  userSummaries: UserSummaries;
  access: Access;
  placeNames: (ids: readonly string[]) => Promise<Map<string, { id: string; name: string }>>;
  storage: Storage;
}

// The database's own text of a timestamptz (what the cursor carries back).
const TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

/**
 * What the stickers of a page of stories name, in two reads for the page: the mentioned people
 * (less those a block stands between the viewer and) and the places.
 */
export async function resolveStickerNames(rows: StoryRow[], viewerId: string | null, deps: Pick<ArchiveDeps, 'userSummaries' | 'access' | 'placeNames'>): Promise<StickerNames> {
  const userIds = new Set<string>();
  const placeIds = new Set<string>();
  for (const row of rows) {
    for (const s of row.stickers as StorySticker[]) {
      if (s.type === 'mention') userIds.add(s.user_id);
      if (s.type === 'location') placeIds.add(s.location_id);
    }
  }
  const [users, blocked, places] = await Promise.all([deps.userSummaries.many([...userIds]), deps.access.blockedAmong(viewerId, userIds), deps.placeNames([...placeIds])]);
  const shown = new Map<string, { id: string; username: string }>();
  for (const [id, u] of users) if (!blocked.has(id)) shown.set(id, { id, username: u.username });
  return { users: shown, places: new Map([...places].map(([id, p]) => [id, { id: p.id, name: p.name }])) };
}

/** The story archive: the viewer's own stories, live and expired, newest first, with the highlights that keep each. */
export function createArchive(deps: ArchiveDeps) {
  return {
    async page(viewerId: string, after: string | null | undefined, now = new Date()) {
      let from: { takenAt: string; id: string } | null = null;
      if (after) {
        const [takenAt, id] = decodeCursor(after, 2).map(String);
        if (!TIMESTAMP_TEXT.test(takenAt!) || !/^\d{1,20}$/.test(id!)) throw badRequest('The page cursor is not valid.');
        from = { takenAt: takenAt!, id: id! };
      }
      const rows = await deps.repo.page(viewerId, STORY_ARCHIVE_PAGE, from);
      const { items, page_info } = toPage(rows, STORY_ARCHIVE_PAGE, (r) => [r.taken_key, r.id]);
      const [owners, names, holding] = await Promise.all([
        deps.userSummaries.many([viewerId]),
        resolveStickerNames(items, viewerId, deps),
        deps.highlights.holding(viewerId, items.map((r) => r.id)),
      ]);
      const owner = owners.get(viewerId);
      if (!owner) throw userNotFound();
      const summary = presentUserSummary(owner, deps.storage);
      return {
        items: items.map((row) => ({
          ...presentStoryItem(row, summary, deps.storage, names) satisfies StoryItemResult,
          expired: row.expiring_at.getTime() <= now.getTime(),
          highlight_ids: holding.get(row.id) ?? [],
        })),
        page_info,
        status: 'ok' as const,
      };
    },
  };
}
export type Archive = ReturnType<typeof createArchive>;
