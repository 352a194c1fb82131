import type { ViewerState } from './viewer-reducer';

interface Viewing {
  path: string;
  state: ViewerState;
}

/**
 * The last viewing, kept while the viewer is open: moving to another reel replaces the address,
 * and a screen mounted again for the new address carries on from here rather than starting over.
 * It outlives the viewer's screen, hence a module of its own rather than the screen's state.
 */
let live: Viewing | null = null;

export const liveViewing = {
  /** The viewing a screen mounted at this address carries on with, if any. */
  at: (path: string): ViewerState | null => (live?.path === path ? live.state : null),
  /** The viewer moves to this address, with this state. */
  moveTo: (path: string, state: ViewerState): void => {
    live = { path, state };
  },
  /** The viewing on screen changed: kept if there is one. */
  update: (state: ViewerState): void => {
    if (live) live = { ...live, state };
  },
  /** Left for an address not the viewer's: the next opening starts afresh. */
  leftFor: (path: string): void => {
    if (live && live.path !== path) live = null;
  },
  clear: (): void => {
    live = null;
  },
};

/** Whether the viewer itself moved to this address (a reel's), rather than a link or the browser. */
export const isViewerAddress = (path: string): boolean => live?.path === path;
