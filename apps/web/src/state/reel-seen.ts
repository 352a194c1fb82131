import type { QueryClient } from '@tanstack/react-query';
import { patchEverywhere } from './cache-walk';

/** Anything that carries a reel's seen time: a person's ring, a tray reel, a reel of reels_media. */
interface SeenCarrier {
  id: string;
  latest_reel_media: number;
  seen: number;
}

const carriesSeen = (value: object): value is SeenCarrier =>
  typeof (value as SeenCarrier).latest_reel_media === 'number' && typeof (value as SeenCarrier).seen === 'number' && typeof (value as SeenCarrier).id === 'string';

/**
 * After watching: every cached copy of the reel (the rings on that person's pictures in the feed,
 * lists, search, direct; the tray) takes the new seen time, so rings turn grey without a refetch.
 * A seen time never goes back.
 */
export function markReelSeenInCache(client: QueryClient, reelId: string, seenAt: number): void {
  patchEverywhere(client, (value): value is SeenCarrier => carriesSeen(value) && value.id === reelId, (reel) =>
    (reel.seen >= seenAt ? reel : { ...reel, seen: seenAt }));
}
