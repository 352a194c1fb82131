import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { loginPath } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useMediaQuery, MOBILE_QUERY } from '../../lib/use-media-query';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { cachedTray, fetchReelsMedia, markStorySeen, mutedReels, reelsMediaForBatch, setTrayOrder, storeStoryAuthLink, userIdOf } from '../../state/queries/story-reels';
import { useSession } from '../../state/session';
import { setReturnFocus } from './return-focus';
import { StoryFrame } from './story-frame';
import { StoryNeighbours } from './story-neighbours';
import { reelPath, type StoryTarget } from './story-route';
import { useIsolation } from './use-isolation';
import { batchOf, batchReelIds, batchToLoad, currentItem, currentReel, initialViewerState, segments, shouldMarkSeen, upcomingItems, viewerReducer, type ViewerState } from './viewer-reducer';
import styles from './story-viewer.module.css';

/** What the viewer was opened from: the page to go back to, and whether it was the tray. */
interface EntryState {
  from?: string;
  fromTray?: boolean;
  /** The person whose ringed picture opened the viewer (their reel id is their id). */
  reel?: { id: string; username: string };
}

/**
 * The last viewing, kept while the viewer is open: moving to another reel replaces the address,
 * and a screen mounted again for the new address carries on from here rather than starting over.
 */
let live: { path: string; state: ViewerState } | null = null;

/** Whether the viewer itself moved to this address (a reel's), rather than a link or the browser. */
export const isViewerAddress = (path: string): boolean => live?.path === path;

function preload(urls: string[]): void {
  for (const url of urls) {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
  }
}

export function StoryViewer({ target }: { target: Exclude<StoryTarget, { kind: 'invalid' }> }) {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { viewer } = useSession();
  const { showToast } = useToast();
  const phone = useMediaQuery(MOBILE_QUERY);
  const entry = (location.state ?? {}) as EntryState;
  const here = location.pathname + location.search;
  const adopted = useRef(live?.path === here);
  const [state, dispatch] = useReducer(viewerReducer, undefined, () => (adopted.current && live ? live.state : initialViewerState));
  const rootRef = useRef<HTMLDivElement>(null);
  const shownAny = useRef(adopted.current);
  const firstReel = useRef<string | null>(null);
  const [reel, item] = [currentReel(state), currentItem(state)];
  if (item) shownAny.current = true;

  useIsolation(rootRef, true);
  useDocumentTitle(t('stories.viewer.label'));

  const close = useCallback(() => {
    live = null;
    setReturnFocus(reel?.id ?? null);
    if (entry.from && (window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
    else void navigate(entry.from ?? '/', { replace: true });
  }, [entry.from, navigate, reel?.id]);

  // Opening: from the tray (its order and rules), or the reels the address names.
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
    // Opens once per address it was mounted for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Batches of reels' media, the next one as the viewer nears the end of what was asked for.
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
    // The batch index says it all: the reel ids of a batch do not change during a viewing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batch]);

  // Nothing left to show: back to where the viewer came from. A visitor who may not see the story
  // logs in first and comes back to it.
  const unavailable = state.finished && !shownAny.current;
  useEffect(() => {
    if (!state.finished) return;
    if (unavailable && !viewer) {
      storeStoryAuthLink(here);
      void navigate(loginPath(here, 'story'), { replace: true });
      return;
    }
    if (!unavailable) close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.finished]);

  // The seen mark: only while the reel was not seen after this item.
  useEffect(() => {
    if (!reel || !item || !viewer) return;
    if (!shouldMarkSeen(reel, item)) return;
    dispatch({ type: 'seen', reelId: reel.id, takenAt: item.taken_at_timestamp });
    markStorySeen(client, reel, item).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item?.id]);

  // The address follows the reel on screen (replacing, so Back still leaves the viewer).
  useEffect(() => {
    if (!reel) return;
    if (firstReel.current === null) firstReel.current = adopted.current ? '' : reel.id;
    const path = reelPath(reel);
    if (reel.id !== firstReel.current && path !== location.pathname) {
      // The entry address is left behind: from now on the address follows every reel, the first too.
      firstReel.current = '';
      live = { path, state };
      void navigate(path, { replace: true, state: location.state });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reel?.id]);
  useEffect(() => {
    if (live) live = { ...live, state };
  }, [state]);
  // Left for another page (a sticker's link, Back): the next opening starts afresh.
  useEffect(
    () => () => {
      if (live && live.path !== window.location.pathname + window.location.search) live = null;
    },
    [],
  );

  // The next items' files, so that moving on shows them at once.
  const upcoming = upcomingItems(state).map((next) => (next.is_video ? next.video_resources[0]?.src : next.display_url)).filter((url): url is string => !!url && !url.endsWith('.mp4'));
  const upcomingKey = upcoming.join(' ');
  useEffect(() => preload(upcoming), [upcomingKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // A hidden tab pauses.
  useEffect(() => {
    const onVisibility = () => dispatch({ type: 'pause', reason: 'hidden', on: document.hidden });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    // The viewers' sheet and the delete confirmation handle their own keys (Escape closes them only).
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      close();
    } else if (typing) return;
    else if (event.key === 'ArrowRight') dispatch({ type: 'next' });
    else if (event.key === 'ArrowLeft') dispatch({ type: 'previous' });
    else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof HTMLAnchorElement)) {
      event.preventDefault();
      dispatch({ type: 'togglePlay' });
    }
  };
  // Keys are heard on the whole document, not only inside the viewer: everything else is inert
  // while it is open, and a key must still work when the focused control has just gone away
  // (a reel's frame replaced by the next one leaves focus on the page's body).
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const position = segments(state);
  const batchState = state.batches[batchOf(state.reelIndex)];
  const owner = reel?.owner?.username ?? reel?.title ?? '';
  let body;
  if (unavailable && viewer) {
    body = (
      <div className={styles.message}>
        <h2>{t('stories.viewer.unavailable')}</h2>
        <p>{t('stories.viewer.unavailableBody')}</p>
      </div>
    );
  } else if (reel && item) {
    body = <StoryFrame state={state} reel={reel} item={item} dispatch={dispatch} onClose={close} phone={phone} />;
  } else if (batchState === 'failed') {
    body = (
      <div className={styles.message}>
        <p>{t('stories.viewer.loadFailed')}</p>
        <RetryBatch state={state} onRetry={(index, reels) => dispatch({ type: 'batchLoaded', index, reels })} onFail={(index) => dispatch({ type: 'batchFailed', index })} />
      </div>
    );
  } else {
    body = (
      <div className={styles.loading}>
        <Spinner label={t('stories.viewer.loading')} />
      </div>
    );
  }

  return (
    <div ref={rootRef} className={styles.viewer} role="dialog" aria-modal="true" aria-label={owner ? t('stories.viewer.labelBy', { username: owner }) : t('stories.viewer.label')} tabIndex={-1}>
      {!phone ? (
        <a href="/" className={styles.logo} onClick={(event) => { event.preventDefault(); close(); }} tabIndex={-1} aria-hidden="true">
          Shutter
        </a>
      ) : null}
      <div className={styles.stage}>
        {!phone && reel ? <StoryNeighbours state={state} side="before" onOpen={(index) => dispatch({ type: 'goToReel', index })} /> : null}
        <div className={styles.frameSlot}>{body}</div>
        {!phone && reel ? <StoryNeighbours state={state} side="after" onOpen={(index) => dispatch({ type: 'goToReel', index })} /> : null}
      </div>
      {!(reel && item) || !phone ? (
        <button type="button" className={styles.close} onClick={close} aria-label={t('stories.viewer.close')}>
          <Icon name="close" size={28} />
        </button>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {reel && item && position.count > 0 ? t('stories.viewer.position', { index: position.active + 1, count: position.count, username: item.owner.username }) : ''}
      </p>
    </div>
  );
}

/** Asks for the failed batch of the reel on screen again. */
function RetryBatch({ state, onRetry, onFail }: { state: ViewerState; onRetry: (index: number, reels: Awaited<ReturnType<typeof fetchReelsMedia>>) => void; onFail: (index: number) => void }) {
  const t = useT();
  const index = batchOf(state.reelIndex);
  return (
    <button
      type="button"
      className={styles.retry}
      onClick={() => fetchReelsMedia(batchReelIds(state, index)).then((reels) => onRetry(index, reels), () => onFail(index))}
    >
      {t('stories.viewer.retry')}
    </button>
  );
}
