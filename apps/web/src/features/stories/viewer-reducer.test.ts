import { describe, expect, it } from 'vitest';
import { REEL_BATCH_SIZE, REEL_FETCH_DISTANCE, type ReelResult, type StoryItemResult, type TrayReelResult } from '@shutter/contract';
import { batchToLoad, currentItem, currentReel, initialViewerState, isBuffering, isPaused, segments, shouldMarkSeen, upcomingItems, viewerReducer, type ViewerAction, type ViewerState } from './viewer-reducer';

const NOW = 1_800_000_000_000;
const nowS = NOW / 1000;
const owner = (id: string) => ({ id, username: `user${id}`, full_name: '', profile_pic_url: '', is_private: false, is_verified: false });

const tray = (id: string, { seen = 0, latest = nowS - 60, expiring = nowS + 3600 } = {}): TrayReelResult => ({
  id, latest_reel_media: latest, seen, has_besties_media: false, owner: owner(id), expiring_at: expiring,
});
const item = (id: string, takenAt: number, displayUrl = `/m/${id}.jpg`): StoryItemResult => ({
  __typename: 'GraphStoryImage', id, owner: owner('1'), is_video: false, display_url: displayUrl, display_resources: [],
  video_resources: [], video_duration: null, thumbhash: null, taken_at_timestamp: takenAt, expiring_at_timestamp: takenAt + 86400,
  audience: 'everyone', tappable_objects: [], story_view_count: null, edge_story_media_viewers: null,
});
const reel = (id: string, items: StoryItemResult[], seen = 0): ReelResult => ({
  id, reel_type: 'user_reel', owner: owner(id), title: null, cover_url: null, latest_reel_media: items[items.length - 1]?.taken_at_timestamp ?? 0,
  expiring_at: nowS + 3600, seen, has_besties_media: false, can_reply: true, items,
});
const run = (actions: ViewerAction[], from: ViewerState = initialViewerState) => actions.reduce(viewerReducer, from);
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

describe('story viewer reducer', () => {
  it('R-002-story-viewer-10: opening an expired reel purges it from the tray and opens nothing', () => {
    const state = run([{ type: 'openFromTray', tray: [tray('1'), tray('2', { expiring: nowS - 1 }), tray('3')], reelId: '2', nowMs: NOW, muted: [] }]);
    expect(state.trayOrder).toEqual(['1', '3']);
    expect(state.expired).toBe(true);
    expect(state.finished).toBe(true);
    expect(state.reelIds).toEqual([]);
  });

  it('R-002-story-viewer-11: opening a live reel sets the tray order, from the opened reel on', () => {
    const state = run([{ type: 'openFromTray', tray: [tray('1', { seen: nowS }), tray('2', { seen: nowS }), tray('3', { seen: nowS, expiring: nowS - 5 })], reelId: '2', nowMs: NOW, muted: [] }]);
    expect(state.trayOrder).toEqual(['1', '2']);
    expect(state.reelIds).toEqual(['1', '2']);
    expect(state.reelIds[state.reelIndex]).toBe('2');
  });

  it('R-002-story-viewer-12: opening an unseen reel opens only the unseen reels of the tray', () => {
    const list = [tray('1'), tray('2', { seen: nowS }), tray('3'), tray('4', { seen: nowS })];
    const state = run([{ type: 'openFromTray', tray: list, reelId: '3', nowMs: NOW, muted: [] }]);
    expect(state.reelIds).toEqual(['1', '3']);
    expect(state.reelIds[state.reelIndex]).toBe('3');
    // A seen reel opens every reel of the tray.
    expect(run([{ type: 'openFromTray', tray: list, reelId: '2', nowMs: NOW, muted: [] }]).reelIds).toEqual(['1', '2', '3', '4']);
  });

  it('R-002-story-viewer-13: opening a muted reel opens it alone, and muted reels are left out of others', () => {
    const list = [tray('1'), tray('2'), tray('3')];
    expect(run([{ type: 'openFromTray', tray: list, reelId: '2', nowMs: NOW, muted: ['2'] }]).reelIds).toEqual(['2']);
    expect(run([{ type: 'openFromTray', tray: list, reelId: '1', nowMs: NOW, muted: ['2'] }]).reelIds).toEqual(['1', '3']);
  });

  it('R-002-story-viewer-14: reels with invalid items auto-advance forward', () => {
    const opened = run([{ type: 'openReels', reelIds: ['1', '2', '3'] }, { type: 'batchRequested', index: 0 }]);
    // Reel 1 has only an item without a picture, reel 2 did not come back: the viewer lands on reel 3.
    const loaded = viewerReducer(opened, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('a', nowS - 10, '')]), reel('3', [item('c', nowS - 5)])] });
    expect(currentReel(loaded)?.id).toBe('3');
    expect(currentItem(loaded)?.id).toBe('c');
    // An item that fails to show while on screen moves forward, past the reel's end too.
    const two = run([{ type: 'openReels', reelIds: ['1', '2'] }, { type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('a', 1), item('b', 2)]), reel('2', [item('c', 3)])] }]);
    const skipped = run([{ type: 'next' }, { type: 'itemInvalid', itemId: 'b' }], two);
    expect(currentItem(skipped)?.id).toBe('c');
    // Walking back skips it too.
    expect(currentItem(viewerReducer(skipped, { type: 'previous' }))?.id).toBe('a');
  });

  it('R-002-story-viewer-15: an item is marked seen only while the reel was not seen after it', () => {
    expect(shouldMarkSeen({ seen: 0 }, { taken_at_timestamp: 100 })).toBe(true);
    expect(shouldMarkSeen({ seen: 100 }, { taken_at_timestamp: 100 })).toBe(true);
    expect(shouldMarkSeen({ seen: 101 }, { taken_at_timestamp: 100 })).toBe(false);
    const state = run([{ type: 'openReels', reelIds: ['1'] }, { type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('a', 100), item('b', 200)])] }, { type: 'seen', reelId: '1', takenAt: 200 }]);
    expect(currentReel(state)?.seen).toBe(200);
    // The reel's seen time never goes back.
    expect(currentReel(viewerReducer(state, { type: 'seen', reelId: '1', takenAt: 100 }))?.seen).toBe(200);
  });

  it('a person reel starts at its first unseen item, a linked item wins', () => {
    const items = [item('a', 100), item('b', 200), item('c', 300)];
    const loaded = (extra: Partial<Extract<ViewerAction, { type: 'openReels' }>> = {}) =>
      run([{ type: 'openReels', reelIds: ['1'], ...extra }, { type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', items, 200)] }]);
    expect(currentItem(loaded())?.id).toBe('c');
    expect(currentItem(loaded({ initialMediaId: 'a' }))?.id).toBe('a');
    expect(segments(loaded())).toEqual({ count: 3, active: 2 });
  });

  it('R-002-story-viewer-17: media loads per batch, loading then loaded or failed; a failed batch waits', () => {
    const opened = run([{ type: 'openReels', reelIds: ['1', '2'] }]);
    expect(batchToLoad(opened)).toBe(0);
    const loading = viewerReducer(opened, { type: 'batchRequested', index: 0 });
    expect(loading.batches[0]).toBe('loading');
    expect(currentItem(loading)).toBeNull();
    const failed = viewerReducer(loading, { type: 'batchFailed', index: 0 });
    expect(failed.batches[0]).toBe('failed');
    expect(batchToLoad(failed)).toBeNull();
    expect(currentItem(failed)).toBeNull();
    const retried = run([{ type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('a', 1)])] }], failed);
    expect(retried.batches[0]).toBe('loaded');
    expect(currentItem(retried)?.id).toBe('a');
  });

  it('R-002-story-viewer-18: batches of 15 reels; the next batch is asked for within 15 reels of the end', () => {
    expect(REEL_BATCH_SIZE).toBe(15);
    expect(REEL_FETCH_DISTANCE).toBe(15);
    const reelIds = ids(40);
    let state = run([{ type: 'openReels', reelIds }]);
    expect(batchToLoad(state)).toBe(0);
    state = run([{ type: 'batchRequested', index: 0 }], state);
    // Reels 1..15 asked for; the viewer is within 15 of their end: reels 16..30 next.
    expect(batchToLoad(state)).toBe(1);
    state = run([{ type: 'batchRequested', index: 1 }, { type: 'batchLoaded', index: 0, reels: reelIds.slice(0, 15).map((id) => reel(id, [item(`i${id}`, 1)])) }], state);
    expect(batchToLoad(state)).toBeNull();
    // Reel 16 (index 15) is within 15 of the 30 asked for: reels 31..40 next.
    state = run([{ type: 'goToReel', index: 15 }], state);
    expect(state.reelIndex).toBe(15);
    expect(currentItem(state)).toBeNull();
    expect(batchToLoad(state)).toBe(2);
    // Opening in the middle of a long list asks for that reel's batch first.
    expect(batchToLoad(run([{ type: 'openReels', reelIds, startIndex: 32 }]))).toBe(2);
  });

  it('walks items and reels, and finishes past the last one', () => {
    let state = run([{ type: 'openReels', reelIds: ['1', '2'] }, { type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('a', 1), item('b', 2)]), reel('2', [item('c', 3)])] }]);
    state = viewerReducer(state, { type: 'next' });
    expect(currentItem(state)?.id).toBe('b');
    expect(upcomingItems(state).map((i) => i.id)).toEqual(['c']);
    state = viewerReducer(state, { type: 'next' });
    expect(currentReel(state)?.id).toBe('2');
    state = viewerReducer(state, { type: 'previous' });
    expect(currentItem(state)?.id).toBe('b');
    state = run([{ type: 'nextReel' }, { type: 'next' }], state);
    expect(state.finished).toBe(true);
  });

  it('a deleted item leaves the reel; the last one leaves for the next reel', () => {
    let state = run([{ type: 'openReels', reelIds: ['1', '2'] }, { type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('a', 1), item('b', 2)]), reel('2', [item('c', 3)])] }]);
    state = viewerReducer(state, { type: 'itemRemoved', itemId: 'a' });
    expect(currentItem(state)?.id).toBe('b');
    state = viewerReducer(state, { type: 'itemRemoved', itemId: 'b' });
    expect(currentItem(state)?.id).toBe('c');
  });

  it('pauses while any reason holds', () => {
    const state = run([{ type: 'pause', reason: 'hold', on: true }, { type: 'pause', reason: 'typing', on: true }, { type: 'pause', reason: 'hold', on: false }]);
    expect(state.paused).toEqual(['typing']);
  });

  it('a video waiting for data is not paused, and the next story does not inherit the wait', () => {
    const opened = run([{ type: 'openReels', reelIds: ['1', '2'] }, { type: 'batchRequested', index: 0 }, { type: 'batchLoaded', index: 0, reels: [reel('1', [item('v', 1)]), reel('2', [item('p', 2)])] }]);
    let state = viewerReducer(opened, { type: 'buffering', itemId: 'v', on: true });
    expect(isBuffering(state)).toBe(true);
    expect(isPaused(state)).toBe(false);
    // A wait of another item (an event arriving late) changes nothing on screen.
    expect(isBuffering(viewerReducer(opened, { type: 'buffering', itemId: 'p', on: true }))).toBe(false);
    state = viewerReducer(state, { type: 'next' });
    expect(currentItem(state)?.id).toBe('p');
    expect(isBuffering(state)).toBe(false);
    expect(isPaused(state)).toBe(false);
    // The first video's late `playing` does not touch the second story either.
    const late = viewerReducer(state, { type: 'buffering', itemId: 'v', on: false });
    expect([currentItem(late)?.id, isBuffering(late), isPaused(late)]).toEqual(['p', false, false]);
  });

  it('Play lifts every pause; Pause holds one of its own', () => {
    let state = run([{ type: 'pause', reason: 'hidden', on: true }, { type: 'pause', reason: 'key', on: true }]);
    state = viewerReducer(state, { type: 'togglePlay' });
    expect(isPaused(state)).toBe(false);
    state = viewerReducer(state, { type: 'togglePlay' });
    expect(state.paused).toEqual(['key']);
  });
});
