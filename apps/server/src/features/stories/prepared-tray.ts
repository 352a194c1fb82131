import type { TrayReelResult } from '@shutter/contract/results';
import type { PreparedAnswers } from '../../platform/prepared-answers.js';
import type { Access } from '../access/service.js';

/** A viewer's tray as it was built, and until when it stays true if nothing is written. */
export interface PreparedTray {
  reels: TrayReelResult[];
  /** The earliest expiry of a story in it (ms): from then on a ring may leave or lose its close friends' mark. */
  until: number;
}
export type PreparedTrays = PreparedAnswers<PreparedTray>;

/**
 * Beyond this many followers a new story drops every prepared tray instead of naming its poster's
 * followers: one message either way, and a list that long costs more to send than to rebuild.
 */
export const FOLLOWERS_NAMED = 1_000;

/**
 * The tray served from what was prepared. The access module still decides at each read: the
 * owners it shows must all still be there for the viewer (no block either way, no account gone,
 * decided from what the access rules remember until a write), or the tray is built anew.
 */
export function createTrayServing(deps: {
  prepared: PreparedTrays;
  access: Pick<Access, 'allStillThere'>;
  build: (viewerId: string) => Promise<PreparedTray>;
  now: () => number;
}) {
  const { prepared, access, build } = deps;
  const building = new Map<string, { ticket: number; tray: Promise<PreparedTray> }>();

  /**
   * One build per viewer at a time: many reads of a tray just dropped or expired would otherwise
   * each run the tray's statement. A build started with nothing dropped since is as fresh as one
   * started now, so a read joins it; after any drop it starts its own.
   */
  function buildOnce(viewerId: string): Promise<PreparedTray> {
    const ticket = prepared.ticket();
    const running = building.get(viewerId);
    if (running?.ticket === ticket) return running.tray;
    const flight = { ticket, tray: build(viewerId) };
    building.set(viewerId, flight);
    // Trays hold people, not posts: they are dropped through the people they name and their viewer.
    void flight.tray
      .then((tray) => prepared.keep(viewerId, '', ticket, { answer: tray, skeleton: [], shown: [] }), () => undefined)
      .finally(() => { if (building.get(viewerId) === flight) building.delete(viewerId); });
    return flight.tray;
  }

  return async function tray(viewerId: string): Promise<TrayReelResult[]> {
    const ready = prepared.get(viewerId, '')?.answer;
    if (ready && deps.now() < ready.until && (await access.allStillThere(viewerId, ready.reels.map((r) => r.owner.id)))) {
      return ready.reels;
    }
    return (await buildOnce(viewerId)).reels;
  };
}

/**
 * A story became live (posted ready, or its video finished encoding, outside any request). Its
 * poster's followers may see a ring they had none of, so their trays do not name the poster:
 * they are named here. Followers are read once per story, which is cheaper than dropping every
 * tray of the network for each of the many stories posted a second; an account with more than
 * FOLLOWERS_NAMED followers drops them all.
 */
export function createStoryPublished(prepared: Pick<PreparedTrays, 'viewersChanged' | 'everyone'>, followerIds: (ownerId: string, limit: number) => Promise<string[]>) {
  return async (ownerId: string): Promise<void> => {
    const followers = await followerIds(ownerId, FOLLOWERS_NAMED + 1);
    if (followers.length > FOLLOWERS_NAMED) await prepared.everyone();
    else await prepared.viewersChanged(ownerId, ...followers);
  };
}
