import { CLOSE_FRIENDS_MAX, CLOSE_FRIENDS_PAGE } from '@shutter/contract';
import { decodeCursor, toPage } from '../../platform/cursors.js';
import { badRequest, failWith } from '../../platform/errors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { CandidateRow, CloseFriendsRepository } from './close-friends.repository.js';

/**
 * Close friends: the people who see an owner's 'besties' stories. The list to choose from is the
 * owner's followers with the current close friends first.
 */
export function createCloseFriends(deps: {
  repo: CloseFriendsRepository;
  access: Access;
  storage: Storage;
  /** Told of the people added: the owner's close friends' stories may give them a ring they had none of. */
  addedTo?: (friendIds: string[]) => Promise<void>;
}) {
  const { repo, access, storage } = deps;
  return {
    async page(viewerId: string, query: string | null, after: string | null | undefined) {
      let group = 0;
      let key: string | null = null;
      if (after) {
        const [g, k] = decodeCursor(after, 2);
        if ((g !== 0 && g !== 1) || typeof k !== 'string' || !/^\d{1,20}$/.test(k)) throw badRequest('The page cursor is not valid.');
        group = g;
        key = k;
      }
      const want = CLOSE_FRIENDS_PAGE + 1;
      const rows: CandidateRow[] = group === 0 ? await repo.closeFriends(viewerId, query, key, want) : [];
      if (rows.length < want) rows.push(...(await repo.followers(viewerId, query, group === 1 ? key : null, want - rows.length)));
      const { items, page_info } = toPage(rows, CLOSE_FRIENDS_PAGE, (r) => [r.group, r.key]);
      return {
        count: await repo.count(viewerId),
        users: items.map((r) => ({ ...presentUserSummary(r, storage), is_close_friend: r.group === 0 })),
        page_info,
        status: 'ok' as const,
      };
    },

    async set(viewerId: string, add: string[], remove: string[]) {
      const adding = [...new Set(add)].filter((id) => !remove.includes(id));
      if (adding.length > 0) {
        const [existing, blocked] = await Promise.all([repo.existing(adding), access.blockedAmong(viewerId, adding)]);
        // A blocked account, either way, is as unavailable here as one that does not exist.
        if (adding.includes(viewerId) || existing.size !== adding.length || blocked.size > 0) throw failWith(400, { code: 'close_friends_unavailable' });
      }
      await repo.change(viewerId, adding, [...new Set(remove)], (total) => {
        if (total > CLOSE_FRIENDS_MAX) throw failWith(400, { code: 'close_friends_many', params: { max: CLOSE_FRIENDS_MAX } });
      });
      // Those taken off are covered by the owner's own write: a tray that showed the owner names them.
      if (adding.length > 0) await deps.addedTo?.(adding);
      return { count: await repo.count(viewerId), status: 'ok' as const };
    },
  };
}
export type CloseFriends = ReturnType<typeof createCloseFriends>;
