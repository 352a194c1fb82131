import type { DirectItemResult, DirectThreadResult } from '@shutter/contract';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Access } from '../access/service.js';
import type { PostSummaries } from '../posts/summaries.js';
import { createStoryReadsRepository } from '../stories/reads.repository.js';
import type { Db } from '../../db/database.js';
import { presentItem, presentThread, type Hydrated, type ItemPayload, type ThreadBundle, type ViewerRules } from './present.js';
import type { DirectStatements, ItemRow } from './repository.js';

export interface HydrateDeps {
  db: Db;
  storage: Storage;
  access: Access;
  userSummaries: Pick<UserSummaries, 'many'>;
  postSummaries: Pick<PostSummaries, 'many'>;
}

/**
 * Threads and items for their readers, in a fixed number of batched reads whatever their number:
 * the skeleton (threads, members, items) from the direct tables, then people, shared posts and
 * reactions, then the access rules of each viewer, then the contract's shapes.
 */
export function createDirectHydrator({ db, storage, access, userSummaries, postSummaries }: HydrateDeps) {
  // Replies to and shares of stories show the story while the reader may see it.
  const stories = createStoryReadsRepository(db);
  /** Threads with their newest `limit` items (the inbox's form). */
  async function bundles(repo: DirectStatements, threadIds: readonly string[], limit: number): Promise<Map<string, ThreadBundle>> {
    const [threads, members, items, requests] = await Promise.all([
      repo.threads(threadIds), repo.members(threadIds), repo.newestItems(threadIds, limit), repo.joinRequests(threadIds),
    ]);
    const shownIds = new Set(items.map((i) => i.id));
    const permanentIds = threads.map((t) => t.last_permanent_item_id).filter((id): id is string => id !== null && !shownIds.has(id));
    const permanent = await repo.items(permanentIds);
    const byId = new Map([...items, ...permanent].map((i) => [i.id, i]));
    const out = new Map<string, ThreadBundle>();
    for (const thread of threads) {
      out.set(thread.id, {
        thread,
        members: members.filter((m) => m.thread_id === thread.id),
        items: items.filter((i) => i.thread_id === thread.id),
        lastPermanent: thread.last_permanent_item_id ? byId.get(thread.last_permanent_item_id) ?? null : null,
        joinRequests: requests.filter((r) => r.thread_id === thread.id).map((r) => r.user_id),
      });
    }
    return out;
  }

  /** People (members, senders, story owners), shared posts and reactions of these threads and items. */
  async function hydrate(repo: DirectStatements, threads: Iterable<ThreadBundle>, extraItems: ItemRow[] = []): Promise<Hydrated> {
    const list = [...threads];
    const items = [...list.flatMap((b) => (b.lastPermanent ? [...b.items, b.lastPermanent] : b.items)), ...extraItems];
    const people = new Set<string>();
    for (const b of list) {
      for (const m of b.members) people.add(m.user_id);
      if (b.thread.creator_id) people.add(b.thread.creator_id);
    }
    const mediaIds = new Set<string>();
    const storyIds = new Set<string>();
    for (const i of items) {
      people.add(i.user_id);
      const story = (i.payload as ItemPayload | null)?.story;
      if (story) {
        people.add(story.reel_id);
        storyIds.add(story.media_id);
      }
      if (i.media_id) mediaIds.add(i.media_id);
    }
    const [reactions, posts, pictures] = await Promise.all([
      repo.reactions(items.map((i) => i.id)), postSummaries.many([...mediaIds]), stories.pictures([...storyIds]),
    ]);
    const users = await userSummaries.many([...new Set([...people, ...reactions.map((r) => r.user_id)])]);
    for (const [id, u] of posts.people) users.set(id, u);
    const byItem = new Map<string, typeof reactions>();
    for (const r of reactions) byItem.set(r.item_id, [...(byItem.get(r.item_id) ?? []), r]);
    return { users, posts: posts.posts, reactions: byItem, stories: pictures };
  }

  /** The access rules of one viewer over these threads: blocks among the people, visibility of the shared posts. */
  async function rulesFor(viewerId: string, h: Hydrated): Promise<ViewerRules> {
    const [blocked, visibleMedia, visibleStories] = await Promise.all([
      access.blockedAmong(viewerId, h.users.keys()),
      h.posts.size ? access.visibleMedia(viewerId, [...h.posts.keys()]) : Promise.resolve(new Set<string>()),
      stories.visibleAmong(viewerId, [...h.stories.keys()], new Date()),
    ]);
    return { viewerId, blocked, visibleMedia, visibleStories };
  }

  /** The same for several viewers of the same threads: the blocks among everyone in one read. */
  async function rulesForMany(viewerIds: string[], h: Hydrated): Promise<Map<string, ViewerRules>> {
    const blocks = await access.blockedWithin([...h.users.keys(), ...viewerIds]);
    const mediaIds = [...h.posts.keys()];
    const storyIds = [...h.stories.keys()];
    const at = new Date();
    const rules = await Promise.all(viewerIds.map(async (viewerId): Promise<ViewerRules> => ({
      viewerId,
      blocked: blocks.get(viewerId) ?? new Set(),
      visibleMedia: mediaIds.length ? await access.visibleMedia(viewerId, mediaIds) : new Set(),
      visibleStories: await stories.visibleAmong(viewerId, storyIds, at),
    })));
    return new Map(rules.map((r) => [r.viewerId, r]));
  }

  return {
    bundles,
    hydrate,
    rulesFor,
    rulesForMany,
    thread: (b: ThreadBundle, limit: number, rules: ViewerRules, h: Hydrated): DirectThreadResult => presentThread(b, limit, rules, h, storage),
    item: (item: ItemRow, rules: ViewerRules, h: Hydrated): DirectItemResult => presentItem(item, rules, h, storage),
  };
}
export type DirectHydrator = ReturnType<typeof createDirectHydrator>;
