import { DIRECTORY_FIRST_LEVEL_MAX, DIRECTORY_HASHTAG_FIRST_LEVEL_MAX, DIRECTORY_SUGGESTED_MAX } from '@shutter/contract';
import type { DirectoryKind, DirectoryPageData, SuggestedDirectoryPageData } from '@shutter/contract';
import { presentUserSummary, type UserSummaryRow } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { AccountDirectoryReads, createSuggestableReads } from '../accounts/directory.repository.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { AccountsRepository } from '../accounts/repository.js';
import type { FollowDirectoryReads } from '../friendships/directory.repository.js';
import type { HashtagsService } from '../hashtags/service.js';
import { childrenOf, isLastLevel, keyOf, LEAF_SIZE, locate, parseKey, treeOf, type Node } from './keys.js';
import { keptSnapshot, type Snapshot } from './snapshot.js';

/** How long a directory's leaves are kept before the next read rebuilds them in the background. */
export const DIRECTORY_SNAPSHOT_MAX_AGE_MS = 10 * 60 * 1000;
/** How many of a person's newest follows and followers the suggested directory looks at. */
const AROUND_SAMPLE = 500;
/**
 * Profile keys are labelled by a prefix of their first and last username: enough to find one's
 * way, never a whole name (a name there would show, to someone a block stands between, a person
 * the lists below hide from them).
 */
const PROFILE_LABEL_LENGTH = 3;

export interface DirectoriesDeps {
  accounts: AccountDirectoryReads;
  suggestable: ReturnType<typeof createSuggestableReads>;
  hashtags: HashtagsService['directory'];
  follows: FollowDirectoryReads;
  users: Pick<AccountsRepository, 'findByUsername'>;
  access: Access;
  userSummaries: Pick<UserSummaries, 'many'>;
  storage: Storage;
  onError: (err: unknown) => void;
  maxAgeMs?: number;
}

/**
 * The profiles and hashtags directories (public accounts and hashtags with posts, in byte order,
 * keyed as keys.ts says) and the accounts suggested around one person. Null answers are pages
 * that do not exist: a key of another shape, or one naming no list.
 */
export function createDirectories(deps: DirectoriesDeps) {
  const maxAge = deps.maxAgeMs ?? DIRECTORY_SNAPSHOT_MAX_AGE_MS;
  const snapshots: Record<DirectoryKind, () => Promise<Snapshot>> = {
    profiles: keptSnapshot((after, limit) => deps.accounts.publicUsernames(after, limit), maxAge, deps.onError),
    hashtags: keptSnapshot((after, limit) => deps.hashtags.hashtagNames(after, null, limit), maxAge, deps.onError),
  };
  const firstMax: Record<DirectoryKind, number> = { profiles: DIRECTORY_FIRST_LEVEL_MAX, hashtags: DIRECTORY_HASHTAG_FIRST_LEVEL_MAX };
  const label = (kind: DirectoryKind, name: string) => (kind === 'profiles' ? name.slice(0, PROFILE_LABEL_LENGTH) : name);

  /** Visible summaries of these ids, in their order: public, and no block between them and the viewer. */
  async function people(ids: string[], viewerId: string | null): Promise<UserSummaryRow[]> {
    const summaries = await deps.userSummaries.many(ids);
    const rows = ids.map((id) => summaries.get(id)).filter((u): u is UserSummaryRow => !!u && !u.is_private);
    return deps.access.keepVisibleUsers(viewerId, rows, (u) => u.id);
  }

  async function entries(kind: DirectoryKind, snapshot: Snapshot, node: Node, viewerId: string | null) {
    // The leaf's range runs to the next leaf's first entry, so that an entry added since the
    // snapshot still falls in one leaf; the first leaf starts at the beginning.
    const from = node.start === 0 ? null : snapshot.leafFirst[node.start]!;
    const before = snapshot.leafFirst[node.start + 1] ?? null;
    if (kind === 'hashtags') {
      const names = await deps.hashtags.hashtagNames(from, before, LEAF_SIZE, true);
      return { profile_list: [], hashtag_list: names.map((name) => ({ name })) };
    }
    const shown = await people(await deps.accounts.publicIdsBetween(from, before, LEAF_SIZE), viewerId);
    return { profile_list: shown.map((u) => presentUserSummary(u, deps.storage)), hashtag_list: [] };
  }

  return {
    async page(kind: DirectoryKind, rawKey: string | null, viewerId: string | null): Promise<DirectoryPageData | null> {
      const parts = rawKey === null ? [] : parseKey(rawKey);
      if (!parts) return null;
      const snapshot = await snapshots[kind]();
      const tree = treeOf(snapshot.entryCount, firstMax[kind]);
      const node = locate(tree, parts);
      if (!node) return null;
      const last = isLastLevel(tree, node);
      const empty = node.start >= node.end;
      const lists = last ? await entries(kind, snapshot, node, viewerId) : { profile_list: [], hashtag_list: [] };
      return {
        level_info: {
          kind,
          key: rawKey,
          depth: parts.length,
          parent_key: parts.length > 1 ? keyOf(parts.slice(0, -1)) : null,
          is_last_level: last,
          first: empty ? null : label(kind, snapshot.leafFirst[node.start]!),
          last: empty ? null : label(kind, snapshot.leafLast[node.end - 1]!),
        },
        key_list: childrenOf(tree, node).map((child) => ({
          key: keyOf(child.parts),
          first: label(kind, snapshot.leafFirst[child.start]!),
          last: label(kind, snapshot.leafLast[child.end - 1]!),
        })),
        ...lists,
        status: 'ok',
      };
    },

    /**
     * Public accounts around a person: whom they follow and who follows them, most followed
     * first. Nothing when the viewer may not see their lists (private, or blocked by the viewer)
     * or when they turned similar-account suggestions off; null when they do not exist for the viewer.
     */
    async suggested(username: string, viewerId: string | null): Promise<SuggestedDirectoryPageData | null> {
      const row = await deps.users.findByUsername(username);
      if (!row) return null;
      const access = await deps.access.account(viewerId, row.id, row);
      if (access.view === 'absent') return null;
      let list: UserSummaryRow[] = [];
      if (access.view === 'visible' && row.chaining_enabled) {
        const around = (await deps.follows.aroundIds(row.id, AROUND_SAMPLE)).filter((id) => id !== row.id && id !== viewerId);
        list = (await people(await deps.suggestable.mostFollowedPublic(around, DIRECTORY_SUGGESTED_MAX), viewerId));
      }
      return {
        user: presentUserSummary(row, deps.storage),
        profile_list: list.map((u) => presentUserSummary(u, deps.storage)),
        status: 'ok',
      };
    },
  };
}
export type Directories = ReturnType<typeof createDirectories>;
