import { MQTT_PATH } from '@shutter/contract';
import * as api from '../../state/queries/direct';
import { channelUrl, createChannel, type Channel, type ChannelListener } from './channel';
import { directReducer, initialDirectState, type DirectAction } from './direct-state';
import type { DirectState } from './direct-types';

export type DirectErrorKind = 'send' | 'photo' | 'inboxLoad' | 'threadLoad' | 'approve' | 'decline' | 'create' | 'delete' | 'remove' | 'rename' | 'seen' | 'react' | 'update';
export type Notify = (kind: DirectErrorKind, error: unknown, retry?: () => void) => void;

export interface StoreDeps {
  api: typeof api;
  makeChannel: (listener: ChannelListener) => Channel;
  now: () => number;
  /** R-002-direct-22: the page reloads when the inbox is another viewer's. */
  reload: () => void;
  log: (message: string, detail?: unknown) => void;
  /** How long the badge-only stream waits after the last direct page closes (the next may open at once). */
  leaveDelayMs: number;
  /** Runs `start` once the page has loaded and the browser is idle; at once where not given. */
  whenIdle?: (start: () => void) => void;
}

/** After the load event, at the browser's first idle moment (or within two seconds). */
function afterLoadWhenIdle(start: () => void): void {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(start, { timeout: 2_000 }) : window.setTimeout(start, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function browserDeps(): StoreDeps {
  return {
    api,
    makeChannel: (listener) => createChannel({ url: channelUrl(window.location, MQTT_PATH), listener }),
    now: () => Date.now(),
    reload: () => window.location.reload(),
    log: (message, detail) => console.warn(message, detail),
    leaveDelayMs: 1_000,
    whenIdle: afterLoadWhenIdle,
  };
}

export type StoreCore = ReturnType<typeof createStoreCore>;

/**
 * The state, its listeners and the way errors are told: what every part of the store shares.
 * A change runs what it asks for beyond itself (`afterChange`), which the store sets once its
 * parts are made.
 */
export function createStoreCore(deps: StoreDeps) {
  let state: DirectState = initialDirectState;
  const listeners = new Set<() => void>();
  let notify: Notify = () => undefined;
  let afterChange = () => undefined as void;

  function dispatch(action: DirectAction) {
    const next = directReducer(state, action);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
    afterChange();
  }

  return {
    deps,
    getState: () => state,
    dispatch,
    subscribe(callback: () => void) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    setNotifier(next: Notify) {
      notify = next;
      return () => {
        if (notify === next) notify = () => undefined;
      };
    },
    notify: (...args: Parameters<Notify>) => notify(...args),
    setAfterChange(run: () => void) {
      afterChange = run;
    },
    afterChange: () => afterChange(),
  };
}
