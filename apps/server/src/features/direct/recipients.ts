import { DIRECT_RANKED_RECIPIENTS_MAX, type RankedRecipientsResult } from '@shutter/contract';
import { presentUserSummary, type UserSummaryRow } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSearch } from '../accounts/user-search.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Access } from '../access/service.js';
import type { BroadcastRepository } from './broadcast.repository.js';
import { fold } from '../../platform/fold.js';

/** Threads read for recent people and for groups: the viewer's most recent ones. */
const RECENT_THREADS = 50;
/** Group threads offered before the people. */
const GROUPS_MAX = 10;
/** Seconds a client may keep the list. */
const EXPIRES_S = 300;

type Recipient = RankedRecipientsResult['ranked_recipients'][number];

export interface RecipientsDeps {
  repo: Pick<BroadcastRepository, 'recentPeople' | 'recentGroups'>;
  /** The people the viewer follows, most recently followed first. */
  followingOf(viewerId: string, limit: number): Promise<string[]>;
  search: Pick<UserSearch, 'matching'>;
  users: Pick<UserSummaries, 'many'>;
  access: Pick<Access, 'blockedAmong'>;
  storage: Storage;
}


/**
 * People to send to, for the new-message and share screens. Without a query: the people of the
 * viewer's recent threads, then those they followed most recently. With one: the people search's
 * matches, those the viewer follows first. Never the viewer, never anyone a block stands between.
 * With show_threads, the viewer's group threads (by title or members' names) come first.
 */
export function createRecipients(deps: RecipientsDeps) {
  const present = (u: UserSummaryRow) => ({ ...presentUserSummary(u, deps.storage), pk: u.id });

  async function peopleIds(viewerId: string, query: string): Promise<string[]> {
    if (query) {
      const rows = (await deps.search.matching(viewerId, query, DIRECT_RANKED_RECIPIENTS_MAX + 1)).filter((r) => r.id !== viewerId);
      // A stable sort: within each side the search's own order (exact, prefix, close) stays.
      return rows.sort((a, b) => Number(b.followed_by_viewer) - Number(a.followed_by_viewer)).map((r) => r.id);
    }
    const [recent, followed] = await Promise.all([
      deps.repo.recentPeople(viewerId, RECENT_THREADS, DIRECT_RANKED_RECIPIENTS_MAX),
      deps.followingOf(viewerId, DIRECT_RANKED_RECIPIENTS_MAX),
    ]);
    return [...new Set([...recent, ...followed])].filter((id) => id !== viewerId);
  }

  return {
    async ranked(viewerId: string, input: { query: string; showThreads: boolean }): Promise<Omit<RankedRecipientsResult, 'status'>> {
      const query = input.query.trim();
      const [people, groupRows] = await Promise.all([peopleIds(viewerId, query), input.showThreads ? deps.repo.recentGroups(viewerId, RECENT_THREADS) : []]);
      const everyone = [...people, ...groupRows.flatMap((g) => g.member_ids)];
      const [blocked, summaries] = await Promise.all([deps.access.blockedAmong(viewerId, everyone), deps.users.many([...new Set(everyone)])]);
      const visible = (id: string) => !blocked.has(id) && summaries.has(id);

      const needle = fold(query);
      const threads: Recipient[] = [];
      for (const g of groupRows) {
        if (threads.length >= GROUPS_MAX) break;
        const members = g.member_ids.filter(visible).map((id) => summaries.get(id)!);
        const title = g.title ?? members.map((m) => m.full_name || m.username).join(', ');
        const names = [title, ...members.flatMap((m) => [m.username, m.full_name])];
        if (needle && !names.some((n) => fold(n).includes(needle))) continue;
        threads.push({ thread: { thread_id: g.thread_id, thread_title: title, users: members.map(present) } });
      }
      const users: Recipient[] = people.filter(visible).map((id) => ({ user: present(summaries.get(id)!) }));
      return {
        ranked_recipients: [...threads, ...users].slice(0, DIRECT_RANKED_RECIPIENTS_MAX),
        expires: EXPIRES_S,
        filtered: query.length > 0,
      };
    },
  };
}
export type Recipients = ReturnType<typeof createRecipients>;
