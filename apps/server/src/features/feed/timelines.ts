import type { Queue } from '../../platform/queue.js';
import type { FeedRepository } from './repository.js';
import type { TimelineRepository } from './timeline.repository.js';

export const FAN_OUT_JOB = 'timeline-fan-out';

export interface TimelineOptions {
  /** Entries kept per viewer. */
  cap: number;
  /** Up to this many followers a post is written before the publish answers; above, by a queued job. */
  inlineFollowers: number;
  /** Above this many followers an account's posts are merged in at read time, not written ahead. */
  starFollowers: number;
  /** Followers per statement of a fan-out job. */
  batch: number;
  /** A viewer who has not read their feed for this long gets no writes and is rebuilt on return. */
  inactiveMs: number;
  /** How often a read marks the timeline read and trims it to `cap`. */
  touchEveryMs: number;
}

export const TIMELINE_DEFAULTS: TimelineOptions = {
  cap: 800,
  inlineFollowers: 1_000,
  starFollowers: 5_000,
  batch: 1_000,
  inactiveMs: 30 * 24 * 3600_000,
  touchEveryMs: 3600_000,
};

const MAX_ID = 9223372036854775807n;

/** Told after a timeline changed, so that what was prepared from it is dropped. */
export interface TimelineChanges {
  viewersChanged(...viewerIds: string[]): Promise<void>;
  everyone(): Promise<void>;
}

/**
 * Home timelines written ahead, as the large networks keep them: publishing writes the post's id
 * into each active follower's timeline, and the feed reads one range of it. Accounts with very many
 * followers are merged in at read time. Below a timeline's floor (it was trimmed or rebuilt full),
 * and for a viewer back after a long absence, the feed reads the follow graph as it always could.
 * Entries may be stale (a block, a private switch): the feed passes every page through the access
 * module, so a stale entry never shows.
 */
export function createTimelines(repo: TimelineRepository, graph: FeedRepository, queue: Queue, options: Partial<TimelineOptions> = {}, changes?: TimelineChanges) {
  const opts = { ...TIMELINE_DEFAULTS, ...options };
  const activeSince = () => new Date(Date.now() - opts.inactiveMs);

  /** The old read path fills the timeline again; answers its floor. */
  async function rebuild(viewerId: string): Promise<string | null> {
    const ids = await graph.timelineIds(viewerId, opts.cap, null);
    const floor = ids.length > opts.cap ? ids[opts.cap]! : null;
    await repo.replace(viewerId, ids.slice(0, opts.cap), floor);
    return floor;
  }

  async function writeFanOut({ mediaId, ownerId }: { mediaId: string; ownerId: string }): Promise<void> {
    let after: string | null = null;
    const since = activeSince();
    do after = await repo.fanOutBatch(mediaId, ownerId, since, opts.batch, after);
    while (after !== null);
  }

  /** The queued fan-out: once written, every prepared page may show the post. */
  async function fanOut(job: { mediaId: string; ownerId: string }): Promise<void> {
    await writeFanOut(job);
    await changes?.everyone();
  }

  async function publish(mediaId: string, ownerId: string): Promise<void> {
    await repo.addOwn(mediaId, ownerId);
    if (await repo.isStar(ownerId)) return;
    const followers = await repo.followerCount(ownerId);
    if (followers > opts.starFollowers) return repo.addStar(ownerId);
    if (followers <= opts.inlineFollowers) {
      // The post is already published: a write that fails here is retried by the queue, not answered as an error.
      try {
        return await writeFanOut({ mediaId, ownerId });
      } catch {
        // falls through to the queue
      }
    }
    await queue.send(FAN_OUT_JOB, { mediaId, ownerId });
  }

  return {
    fanOut,

    /** The ids of one page of a viewer's home feed (`limit` = page size + 1), newest first below `beforeId`. */
    async read(viewerId: string, limit: number, beforeId: string | null): Promise<string[]> {
      const before = BigInt(beforeId ?? MAX_ID);
      // Most reads find a fresh timeline: its state and the page come in one round trip.
      const opened = await repo.stateAndPage(viewerId, limit, before.toString());
      const state = opened.state;
      let stored: string[] | null = opened.ids;
      let floor: string | null;
      if (!state || state.read_at.getTime() <= activeSince().getTime()) {
        floor = await rebuild(viewerId);
        stored = null;
      } else if (Date.now() - state.read_at.getTime() > opts.touchEveryMs) {
        floor = await repo.touch(viewerId, opts.cap);
        stored = null;
      } else floor = state.floor_id;

      if (floor !== null && before <= BigInt(floor) + 1n) return graph.timelineIds(viewerId, limit - 1, before.toString());
      stored ??= await repo.page(viewerId, limit, before.toString());
      if (floor === null) return stored;
      // Above the floor the stored timeline is complete; what it lacks below comes from the graph.
      const above = stored.filter((id) => BigInt(id) > BigInt(floor));
      if (above.length >= limit) return above;
      const below = await graph.timelineIds(viewerId, limit - 1, (BigInt(floor) + 1n).toString());
      return [...new Set([...above, ...below])].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)).slice(0, limit);
    },

    /** A new post: into its owner's timeline now, then each follower's, or merged at read time for a star. */
    async published(mediaId: string, ownerId: string): Promise<void> {
      try {
        await publish(mediaId, ownerId);
      } finally {
        // Followers' pages and pages mixing in a followed hashtag: whose, only the fan-out knows.
        await changes?.everyone();
      }
    },

    async followed(followerId: string, followeeId: string): Promise<void> {
      await repo.backfill(followerId, followeeId, opts.cap);
      await changes?.viewersChanged(followerId);
    },
    async unfollowed(followerId: string, followeeId: string): Promise<void> {
      await repo.remove(followerId, followeeId);
      await changes?.viewersChanged(followerId);
    },
    async blocked(a: string, b: string): Promise<void> {
      await repo.remove(a, b);
      await repo.remove(b, a);
      await changes?.viewersChanged(a, b);
    },
  };
}
export type Timelines = ReturnType<typeof createTimelines>;
