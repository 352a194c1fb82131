import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useToast } from '../../state/toast/toast-context';
import { ApiError } from '../../lib/api';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { translateServerMessage } from '../../lib/i18n/translate';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSession } from '../../state/session';
import { ChannelSendError } from './channel';
import { useDirectFlags } from './direct-flags';
import { directActions, type DirectActions } from './direct-actions';
import { initialDirectState, listThreads } from './direct-state';
import type { DirectState } from './direct-types';
import { directStore, type DirectErrorKind } from './direct-store';

const WIDE_QUERY = '(min-width: 768px)';

/**
 * R-002-direct-3 and -5: the desktop layout (the threads beside the open one, under the app's
 * navigation) on a wide screen where Direct's desktop flag is on; the mobile page (one pane at a
 * time, with its own header) on a phone, or on a desktop without it.
 */
export function useDirectLayout(): 'desktop' | 'mobile' {
  const wide = useMediaQuery(WIDE_QUERY);
  const { desktop } = useDirectFlags();
  return wide && desktop ? 'desktop' : 'mobile';
}

/** A slice of the tab's Direct state; `select` must return a part of it, not a new object. */
export function useDirect<T>(select: (state: DirectState) => T): T {
  const store = directStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(initialDirectState),
  );
}

export function useThreadList(pending: boolean) {
  const threads = useDirect((state) => state.threads);
  return useMemo(() => listThreads(threads, pending), [threads, pending]);
}

let actions: DirectActions | null = null;
export function useDirectActions(): DirectActions {
  if (!actions) actions = directActions(directStore());
  return actions;
}

const ERROR_TEXT: Record<DirectErrorKind, MessageId> = {
  send: 'direct.error.send',
  photo: 'direct.error.photo',
  inboxLoad: 'direct.error.inboxLoad',
  threadLoad: 'direct.error.threadLoad',
  approve: 'direct.error.approve',
  decline: 'direct.error.decline',
  create: 'direct.error.create',
  delete: 'direct.error.delete',
  remove: 'direct.error.remove',
  rename: 'direct.error.rename',
  seen: 'direct.error.seen',
  react: 'direct.error.react',
  update: 'direct.error.update',
};

/** What the service said by code, when it said why (a blocked account, a full group). */
function reasonOf(error: unknown): string | null {
  if (error instanceof ApiError) return translateServerMessage(error.body);
  if (error instanceof ChannelSendError && error.code) return translateServerMessage({ code: error.code });
  return null;
}

/**
 * The channel for as long as a logged-in page is open (the navigation's badge needs it too), and
 * the failures of Direct as toasts (R-002-direct-24; the inbox's with Retry, R-002-direct-25).
 */
export function useDirectChannel() {
  const { viewer } = useSession();
  const { enabled } = useDirectFlags();
  const { showToast } = useToast();
  const t = useT();
  const viewerId = viewer?.id;
  useEffect(() => {
    if (!viewerId || !enabled) return;
    return directStore().retain(viewerId);
  }, [viewerId, enabled]);
  useEffect(
    () =>
      directStore().setNotifier((kind, error, retry) => {
        const text = reasonOf(error) ?? t(ERROR_TEXT[kind]);
        showToast(retry ? { text, actionText: t('direct.retry'), onAction: retry } : { text });
      }),
    [showToast, t],
  );
}

/** A direct page is open: the channel carries every message (R-002-direct-realtime-1). */
export function useDirectPage() {
  useDirectChannel();
  const { enabled } = useDirectFlags();
  useEffect(() => (enabled ? directStore().enterDirect() : undefined), [enabled]);
}

/** The navigation's Direct badge: unseen threads, from the channel and get_badge_count. */
export function useDirectUnreadCount(): number {
  return useDirect((state) => state.badgeCount);
}
