import { useEffect, useRef, type RefObject } from 'react';
import type { ReelResult } from '@shutter/contract';
import { useLocation, useNavigate } from 'react-router';
import { liveViewing } from './live-viewing';
import { reelPath } from './story-route';
import type { ViewerState } from './viewer-reducer';

/**
 * The address follows the reel on screen (replacing, so Back still leaves the viewer), and the
 * viewing is kept under it for a screen mounted again there.
 */
export function useAddressFollowsReel(state: ViewerState, reel: ReelResult | null, adopted: RefObject<boolean>): void {
  const navigate = useNavigate();
  const location = useLocation();
  const firstReel = useRef<string | null>(null);
  useEffect(() => {
    if (!reel) return;
    if (firstReel.current === null) firstReel.current = adopted.current ? '' : reel.id;
    const path = reelPath(reel);
    if (reel.id !== firstReel.current && path !== location.pathname) {
      // The entry address is left behind: from now on the address follows every reel, the first too.
      firstReel.current = '';
      liveViewing.moveTo(path, state);
      void navigate(path, { replace: true, state: location.state });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address changes with the reel on screen, not with its items or the page's address
  }, [reel?.id]);
  useEffect(() => {
    liveViewing.update(state);
  }, [state]);
  // Left for another page (a sticker's link, Back): the next opening starts afresh.
  useEffect(
    () => () => {
      liveViewing.leftFor(window.location.pathname + window.location.search);
    },
    [],
  );
}
