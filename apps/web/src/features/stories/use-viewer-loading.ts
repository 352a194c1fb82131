import { useEffect, type Dispatch, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { cachedTray, mutedReels, reelsMediaForBatch, setTrayOrder, userIdOf } from '../../state/queries/story-reels';
import type { Viewer } from '@shutter/contract';
import type { StoryTarget } from './story-route';
import { batchReelIds, batchToLoad, initialViewerState, upcomingItems, viewerReducer, type ViewerAction, type ViewerState } from './viewer-reducer';

/** What the viewer was opened from: the page to go back to, and whether it was the tray. */
export interface EntryState {
  from?: string;
  fromTray?: boolean;
  /** The person whose ringed picture opened the viewer (their reel id is their id). */
  reel?: { id: string; username: string };
}

interface Opening {
  target: Exclude<StoryTarget, { kind: 'invalid' }>;
  entry: EntryState;
  viewer: Viewer | null;
  /** Whether the screen carries on with a viewing already open (see live-viewing.ts). */
  adopted: RefObject<boolean>;
  dispatch: Dispatch<ViewerAction>;
}

/** Opening: from the tray (its order and rules), or the reels the address names. */
export function useViewerOpening({ target, entry, viewer, adopted, dispatch }: Opening): void {
  const client = useQueryClient();
  useEffect(() => {
    if (adopted.current) return;
    let cancelled = false;
    if (target.kind === 'reels') {
      dispatch({ type: 'openReels', reelIds: target.reelIds });
      return;
    }
    const tray = cachedTray(client);
    const fromTray = entry.fromTray ? tray?.find((r) => r.owner.username === target.username) : undefined;
    if (fromTray && tray) {
      const opened = viewerReducer(initialViewerState, { type: 'openFromTray', tray, reelId: fromTray.id, nowMs: Date.now(), muted: mutedReels() });
      setTrayOrder(client, opened.trayOrder);
      dispatch({ type: 'openFromTray', tray, reelId: fromTray.id, nowMs: Date.now(), muted: mutedReels() });
      return;
    }
    const known = viewer && viewer.username === target.username ? viewer.id
      : entry.reel?.username === target.username ? entry.reel.id
      : tray?.find((r) => r.owner.username === target.username)?.id;
    void (known ? Promise.resolve(known) : userIdOf(client, target.username)).then((id) => {
      if (!cancelled) dispatch({ type: 'openReels', reelIds: id ? [id] : [], initialMediaId: target.initialMediaId });
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opens once per address it was mounted for
  }, []);
}

/** Batches of reels' media, the next one as the viewer nears the end of what was asked for. */
export function useReelBatches(state: ViewerState, dispatch: Dispatch<ViewerAction>): void {
  const t = useT();
  const { showToast } = useToast();
  const batch = batchToLoad(state);
  useEffect(() => {
    if (batch === null) return;
    const ids = batchReelIds(state, batch);
    dispatch({ type: 'batchRequested', index: batch });
    reelsMediaForBatch(ids).then(
      (reels) => dispatch({ type: 'batchLoaded', index: batch, reels }),
      () => {
        dispatch({ type: 'batchFailed', index: batch });
        showToast({ text: t('stories.viewer.loadFailed') });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the batch index says it all: the reel ids of a batch do not change during a viewing
  }, [batch]);
}

function preload(urls: string[]): void {
  for (const url of urls) {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
  }
}

/** The next items' files, so that moving on shows them at once. */
export function usePreloadUpcoming(state: ViewerState): void {
  const upcoming = upcomingItems(state).map((next) => (next.is_video ? next.video_resources[0]?.src : next.display_url)).filter((url): url is string => !!url && !url.endsWith('.mp4'));
  const upcomingKey = upcoming.join(' ');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the files are asked for again only when the list of them changes, not on every render's new array
  useEffect(() => preload(upcoming), [upcomingKey]);
}
