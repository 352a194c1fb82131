import { REEL_BATCH_SIZE, REEL_FETCH_DISTANCE, type ReelResult, type StoryItemResult, type TrayReelResult } from '@shutter/contract';

/**
 * The story viewer's state: the tray's order, the reels this viewing walks through, their media
 * loaded in batches, where the viewer is, and why it is paused. Pure, so the rules of opening,
 * loading, skipping and seeing are tested without a browser.
 */

export type BatchState = 'loading' | 'loaded' | 'failed';

/**
 * Why the story on screen is paused. A video waiting for data is not one of them: pausing the
 * element would stop it from loading, and the `playing` event that ends the wait would never come.
 */
export type PauseReason = 'hold' | 'key' | 'typing' | 'sheet' | 'menu' | 'hidden';

export interface ViewerState {
  /** The tray's reels in order, as the viewer last opened it (expired ones purged). */
  trayOrder: string[];
  /** The reels of this viewing, in order. */
  reelIds: string[];
  /** Reels whose media has loaded, by id. */
  reels: Record<string, ReelResult>;
  /** Batch i holds reelIds[i * REEL_BATCH_SIZE, (i + 1) * REEL_BATCH_SIZE). */
  batches: Partial<Record<number, BatchState>>;
  reelIndex: number;
  /** Index into the current reel's items; null while its media loads (or failed). */
  itemIndex: number | null;
  /** Where the first reel starts (a /stories/{username}/{initialMediaId}/ link). */
  initialMediaId: string | null;
  /** Items that failed to show (no picture, a broken file): skipped forward. */
  invalid: string[];
  paused: PauseReason[];
  /**
   * The item whose video is waiting for data: a spinner shows and its progress waits, while the
   * element goes on loading. Tied to the item, so the next story never inherits the wait.
   */
  buffering: string | null;
  /** Sound of videos: off until the viewer turns it on. */
  soundOn: boolean;
  /** Walked past the last reel, or nothing was left to open: the screen closes. */
  finished: boolean;
  /** The opened reel had expired and left the tray. */
  expired: boolean;
}

export type ViewerAction =
  | { type: 'openFromTray'; tray: TrayReelResult[]; reelId: string; nowMs: number; muted: string[] }
  | { type: 'openReels'; reelIds: string[]; startIndex?: number; initialMediaId?: string | null }
  | { type: 'batchRequested'; index: number }
  | { type: 'batchLoaded'; index: number; reels: ReelResult[] }
  | { type: 'batchFailed'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'nextReel' }
  | { type: 'previousReel' }
  | { type: 'goToReel'; index: number }
  | { type: 'itemInvalid'; itemId: string }
  | { type: 'seen'; reelId: string; takenAt: number }
  | { type: 'itemRemoved'; itemId: string }
  | { type: 'pause'; reason: PauseReason; on: boolean }
  /** The Play/Pause control and the space bar: Play lifts every pause, Pause holds one of its own. */
  | { type: 'togglePlay' }
  | { type: 'buffering'; itemId: string; on: boolean }
  | { type: 'toggleSound' };

export const initialViewerState: ViewerState = {
  trayOrder: [],
  reelIds: [],
  reels: {},
  batches: {},
  reelIndex: 0,
  itemIndex: null,
  initialMediaId: null,
  invalid: [],
  paused: [],
  buffering: null,
  soundOn: false,
  finished: false,
  expired: false,
};

export const batchOf = (reelIndex: number) => Math.floor(reelIndex / REEL_BATCH_SIZE);
export const batchReelIds = (state: ViewerState, index: number) => state.reelIds.slice(index * REEL_BATCH_SIZE, (index + 1) * REEL_BATCH_SIZE);

const isExpired = (reel: Pick<TrayReelResult, 'expiring_at'>, nowMs: number) => reel.expiring_at * 1000 <= nowMs;
export const isUnseen = (reel: Pick<TrayReelResult, 'seen' | 'latest_reel_media'>) => reel.seen < reel.latest_reel_media;

/** The seen rule: an item is marked seen only while the reel's seen time is not later than its time. */
export function shouldMarkSeen(reel: Pick<ReelResult, 'seen'>, item: Pick<StoryItemResult, 'taken_at_timestamp'>): boolean {
  return reel.seen <= item.taken_at_timestamp;
}

function validIndices(state: ViewerState, reel: ReelResult): number[] {
  const out: number[] = [];
  reel.items.forEach((item, i) => {
    if (!state.invalid.includes(item.id) && item.display_url) out.push(i);
  });
  return out;
}

/** Where a reel starts: the linked item, else (a person's reel) the first unseen one, else the first. */
function startItem(state: ViewerState, reel: ReelResult, valid: number[]): number {
  if (state.initialMediaId) {
    const linked = reel.items.findIndex((item) => item.id === state.initialMediaId);
    if (linked >= 0 && valid.includes(linked)) return linked;
  }
  if (reel.reel_type === 'user_reel') {
    const unseen = valid.find((i) => reel.items[i]!.taken_at_timestamp > reel.seen);
    if (unseen !== undefined) return unseen;
  }
  return valid[0]!;
}

/**
 * Enters the reel at `index`, coming from before it (`forward`) or after it. A reel that did not
 * load (gone, not visible) or has nothing to show is skipped in the same direction; one whose batch
 * has not answered yet is waited on.
 */
function enter(state: ViewerState, index: number, forward: boolean, atEnd = false): ViewerState {
  if (index >= state.reelIds.length) return { ...state, finished: true, itemIndex: null };
  if (index < 0) return state;
  const reel = state.reels[state.reelIds[index]!];
  const batch = state.batches[batchOf(index)];
  if (!reel) {
    if (batch === 'loaded') return enter(state, forward ? index + 1 : index - 1, forward, atEnd);
    return { ...state, reelIndex: index, itemIndex: null };
  }
  const valid = validIndices(state, reel);
  if (valid.length === 0) return enter(state, forward ? index + 1 : index - 1, forward, atEnd);
  const itemIndex = atEnd ? valid[valid.length - 1]! : startItem(state, reel, valid);
  return { ...state, reelIndex: index, itemIndex };
}

function step(state: ViewerState, forward: boolean): ViewerState {
  const reel = currentReel(state);
  if (!reel || state.itemIndex === null) return forward ? enter(state, state.reelIndex + 1, true) : enter(state, state.reelIndex - 1, false, true);
  const valid = validIndices(state, reel);
  const here = state.itemIndex;
  const nextIndex = forward ? valid.find((i) => i > here) : [...valid].reverse().find((i) => i < here);
  if (nextIndex !== undefined) return { ...state, itemIndex: nextIndex };
  if (forward) return enter(state, state.reelIndex + 1, true);
  // Back from a reel's first item: the previous reel's last item, or the first item again.
  const before = enter(state, state.reelIndex - 1, false, true);
  return before === state ? { ...state, itemIndex: valid[0] ?? null } : before;
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'openFromTray': {
      const opened = action.tray.find((reel) => reel.id === action.reelId);
      const live = action.tray.filter((reel) => !isExpired(reel, action.nowMs));
      const trayOrder = live.map((reel) => reel.id);
      if (opened && isExpired(opened, action.nowMs)) return { ...initialViewerState, trayOrder, finished: true, expired: true };
      if (!opened) return { ...initialViewerState, trayOrder, reelIds: [action.reelId] };
      if (action.muted.includes(opened.id)) return { ...initialViewerState, trayOrder, reelIds: [opened.id] };
      const unseenOnly = isUnseen(opened);
      const reelIds = live.filter((reel) => reel.id === opened.id || (!action.muted.includes(reel.id) && (!unseenOnly || isUnseen(reel)))).map((reel) => reel.id);
      return { ...initialViewerState, trayOrder, reelIds, reelIndex: reelIds.indexOf(opened.id) };
    }
    case 'openReels':
      return { ...initialViewerState, trayOrder: state.trayOrder, reelIds: action.reelIds, reelIndex: action.startIndex ?? 0, initialMediaId: action.initialMediaId ?? null, finished: action.reelIds.length === 0 };
    case 'batchRequested':
      return { ...state, batches: { ...state.batches, [action.index]: 'loading' } };
    case 'batchLoaded': {
      const reels = { ...state.reels };
      for (const reel of action.reels) reels[reel.id] = reel;
      const next = { ...state, reels, batches: { ...state.batches, [action.index]: 'loaded' as const } };
      // The reel on screen was waiting for this batch: enter it now (skipping it if it came back empty).
      if (state.itemIndex === null && !state.finished && batchOf(state.reelIndex) === action.index) {
        const entered = enter(next, state.reelIndex, true);
        return { ...entered, initialMediaId: entered.reelIndex === state.reelIndex ? state.initialMediaId : null };
      }
      return next;
    }
    case 'batchFailed':
      return { ...state, batches: { ...state.batches, [action.index]: 'failed' } };
    case 'next':
      return step({ ...state, initialMediaId: null }, true);
    case 'previous':
      return step({ ...state, initialMediaId: null }, false);
    case 'nextReel':
      return enter({ ...state, initialMediaId: null }, state.reelIndex + 1, true);
    case 'previousReel': {
      const before = enter({ ...state, initialMediaId: null }, state.reelIndex - 1, false);
      return before;
    }
    case 'goToReel':
      if (action.index === state.reelIndex) return state;
      return enter({ ...state, initialMediaId: null }, action.index, action.index > state.reelIndex);
    case 'itemInvalid': {
      if (state.invalid.includes(action.itemId)) return state;
      const next = { ...state, invalid: [...state.invalid, action.itemId] };
      return currentItem(state)?.id === action.itemId ? step(next, true) : next;
    }
    case 'seen': {
      const reel = state.reels[action.reelId];
      if (!reel || reel.seen >= action.takenAt) return state;
      return { ...state, reels: { ...state.reels, [action.reelId]: { ...reel, seen: action.takenAt } } };
    }
    case 'itemRemoved': {
      const reel = currentReel(state);
      if (!reel) return state;
      const at = reel.items.findIndex((item) => item.id === action.itemId);
      if (at < 0) return state;
      const items = reel.items.filter((item) => item.id !== action.itemId);
      const next = { ...state, reels: { ...state.reels, [reel.id]: { ...reel, items } } };
      if (items.length === 0) return enter(next, state.reelIndex + 1, true);
      const valid = validIndices(next, next.reels[reel.id]!);
      const itemIndex = valid.find((i) => i >= at) ?? valid[valid.length - 1] ?? null;
      return itemIndex === null ? enter(next, state.reelIndex + 1, true) : { ...next, itemIndex };
    }
    case 'pause': {
      const without = state.paused.filter((reason) => reason !== action.reason);
      return { ...state, paused: action.on ? [...without, action.reason] : without };
    }
    case 'togglePlay':
      return { ...state, paused: isPaused(state) ? [] : ['key'] };
    case 'buffering':
      if (action.on) return state.buffering === action.itemId ? state : { ...state, buffering: action.itemId };
      return state.buffering === action.itemId ? { ...state, buffering: null } : state;
    case 'toggleSound':
      return { ...state, soundOn: !state.soundOn };
  }
}

// ---- Selectors ----

export function currentReel(state: ViewerState): ReelResult | null {
  const id = state.reelIds[state.reelIndex];
  return id ? (state.reels[id] ?? null) : null;
}

export function currentItem(state: ViewerState): StoryItemResult | null {
  const reel = currentReel(state);
  return reel && state.itemIndex !== null ? (reel.items[state.itemIndex] ?? null) : null;
}

/** The items the progress bar shows a segment for, and which of them is on screen. */
export function segments(state: ViewerState): { count: number; active: number } {
  const reel = currentReel(state);
  if (!reel || state.itemIndex === null) return { count: 0, active: 0 };
  const valid = validIndices(state, reel);
  return { count: valid.length, active: Math.max(0, valid.indexOf(state.itemIndex)) };
}

/** The next items after the one on screen (to preload their files). */
export function upcomingItems(state: ViewerState, count = 2): StoryItemResult[] {
  const out: StoryItemResult[] = [];
  for (let r = state.reelIndex; r < state.reelIds.length && out.length < count; r++) {
    const reel = state.reels[state.reelIds[r]!];
    if (!reel) continue;
    const from = r === state.reelIndex ? (state.itemIndex ?? -1) + 1 : 0;
    for (const i of validIndices(state, reel)) if (i >= from && out.length < count) out.push(reel.items[i]!);
  }
  return out;
}

/**
 * The batch to load next, if any: the current reel's own batch first; then the next batch once the
 * viewer is within REEL_FETCH_DISTANCE reels of the end of what has been asked for.
 */
export function batchToLoad(state: ViewerState): number | null {
  if (state.finished || state.reelIds.length === 0) return null;
  const own = batchOf(state.reelIndex);
  if (state.batches[own] === undefined) return own;
  let asked = own;
  while (state.batches[asked + 1] !== undefined) asked++;
  const askedEnd = (asked + 1) * REEL_BATCH_SIZE;
  if (askedEnd >= state.reelIds.length) return null;
  return state.reelIndex >= askedEnd - REEL_FETCH_DISTANCE ? asked + 1 : null;
}

export const isPaused = (state: ViewerState) => state.paused.length > 0;

/** The item on screen is waiting for its video's data (its progress waits; it is not paused). */
export const isBuffering = (state: ViewerState) => state.buffering !== null && state.buffering === currentItem(state)?.id;
