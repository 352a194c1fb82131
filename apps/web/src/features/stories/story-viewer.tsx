import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { loginPath } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useMediaQuery, MOBILE_QUERY } from '../../lib/use-media-query';
import { Icon } from '../../ui/icon';
import { markStorySeen, storeStoryAuthLink } from '../../state/queries/story-reels';
import { useSession } from '../../state/session';
import { setReturnFocus } from './return-focus';
import { liveViewing } from './live-viewing';
import { StoryNeighbours } from './story-neighbours';
import type { StoryTarget } from './story-route';
import { useIsolation } from './use-isolation';
import { useAddressFollowsReel } from './use-viewer-address';
import { usePauseWhenHidden, useViewerKeys } from './use-viewer-keys';
import { usePreloadUpcoming, useReelBatches, useViewerOpening, type EntryState } from './use-viewer-loading';
import { ViewerBody } from './viewer-body';
import { currentItem, currentReel, initialViewerState, segments, shouldMarkSeen, viewerReducer, type ViewerAction, type ViewerState } from './viewer-reducer';
import styles from './story-viewer.module.css';

export function StoryViewer({ target }: { target: Exclude<StoryTarget, { kind: 'invalid' }> }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { viewer } = useSession();
  const phone = useMediaQuery(MOBILE_QUERY);
  const entry = (location.state ?? {}) as EntryState;
  const here = location.pathname + location.search;
  const adopted = useRef(liveViewing.at(here) !== null);
  const [state, dispatch] = useReducer(viewerReducer, undefined, () => (adopted.current ? liveViewing.at(here) ?? initialViewerState : initialViewerState));
  const rootRef = useRef<HTMLDivElement>(null);
  const shownAny = useRef(adopted.current);
  const [reel, item] = [currentReel(state), currentItem(state)];
  if (item) shownAny.current = true;

  useIsolation(rootRef, true);
  useDocumentTitle(t('stories.viewer.label'));

  const close = useCallback(() => {
    liveViewing.clear();
    setReturnFocus(reel?.id ?? null);
    if (entry.from && (window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
    else void navigate(entry.from ?? '/', { replace: true });
  }, [entry.from, navigate, reel?.id]);

  useViewerOpening({ target, entry, viewer, adopted, dispatch });
  useReelBatches(state, dispatch);
  const unavailable = state.finished && !shownAny.current;
  useLeaveWhenFinished(state.finished, unavailable, here, close);
  useSeenMark(state, dispatch);
  useAddressFollowsReel(state, reel, adopted);
  usePreloadUpcoming(state);
  usePauseWhenHidden(dispatch);
  useViewerKeys(close, dispatch);

  const position = segments(state);
  const owner = reel?.owner?.username ?? reel?.title ?? '';
  return (
    <div ref={rootRef} className={styles.viewer} role="dialog" aria-modal="true" aria-label={owner ? t('stories.viewer.labelBy', { username: owner }) : t('stories.viewer.label')} tabIndex={-1}>
      {!phone ? (
        <a href="/" className={styles.logo} onClick={(event) => { event.preventDefault(); close(); }} tabIndex={-1} aria-hidden="true">
          Shutter
        </a>
      ) : null}
      <div className={styles.stage}>
        {!phone && reel ? <StoryNeighbours state={state} side="before" onOpen={(index) => dispatch({ type: 'goToReel', index })} /> : null}
        <div className={styles.frameSlot}>
          <ViewerBody state={state} dispatch={dispatch} unavailable={unavailable} signedIn={!!viewer} onClose={close} phone={phone} />
        </div>
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

/**
 * Nothing left to show: back to where the viewer came from. A visitor who may not see the story
 * logs in first and comes back to it.
 */
function useLeaveWhenFinished(finished: boolean, unavailable: boolean, here: string, close: () => void): void {
  const navigate = useNavigate();
  const { viewer } = useSession();
  useEffect(() => {
    if (!finished) return;
    if (unavailable && !viewer) {
      storeStoryAuthLink(here);
      void navigate(loginPath(here, 'story'), { replace: true });
      return;
    }
    if (!unavailable) close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the end of the viewing leaves it: a new close or address must not leave again
  }, [finished]);
}

/** The seen mark: only while the reel was not seen after this item. */
function useSeenMark(state: ViewerState, dispatch: Dispatch<ViewerAction>): void {
  const client = useQueryClient();
  const { viewer } = useSession();
  const [reel, item] = [currentReel(state), currentItem(state)];
  useEffect(() => {
    if (!reel || !item || !viewer) return;
    if (!shouldMarkSeen(reel, item)) return;
    dispatch({ type: 'seen', reelId: reel.id, takenAt: item.taken_at_timestamp });
    markStorySeen(client, reel, item).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each item is marked once, when it comes on screen
  }, [item?.id]);
}
