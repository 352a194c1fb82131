import type { DirectThreadResult, SubscriptionType, SyncEvent } from '@shutter/contract';
import type { ThreadItem } from './thread-items';

/** The shape of the Direct state, apart from its reducer, so the helpers the reducer calls can name it too. */

export type Connectivity = 'disconnected' | 'connecting' | 'connected';
/** declined: the viewer turned a request down (its page is the requests list); removed: any other way. */
export type RemovalReason = 'declined' | 'removed';

export interface ThreadState extends Omit<DirectThreadResult, 'items'> {
  items: ThreadItem[];
  loadingOlder: boolean;
}

export interface TypingEntry {
  indicatorId: string;
  expiresAt: number;
}

interface Pages {
  oldestCursor: string | null;
  hasOlder: boolean;
  isLoading: boolean;
  failed: boolean;
}

export interface DirectState {
  viewerId: string | null;
  /** The sequence id of the last event applied: events after it apply, older ones are ignored. */
  seqId: number | null;
  snapshotAt: number | null;
  inboxLoaded: boolean;
  inbox: Pages;
  requests: Pages & { loaded: boolean };
  pendingRequestsTotal: number;
  realtime: { mqttConnectivity: Connectivity; subscriptionType: SubscriptionType | null };
  badgeCount: number;
  /** The sequence id the badge count was told at (a lower one is older news). */
  badgeSeqId: number | null;
  threads: Record<string, ThreadState>;
  /** Who is typing where: thread id -> sender id -> the indicator and when it runs out (ms). */
  typing: Record<string, Record<string, TypingEntry>>;
  /** A snapshot is loading: events wait in `buffered`, then apply after it (those it holds are dropped). */
  syncing: boolean;
  buffered: SyncEvent[];
  /** A gap in the sequence or a `snapshot` event: the inbox reloads (R-002-direct-realtime-2). */
  needsSnapshot: boolean;
  /** Threads an event named that the client does not hold yet: they are loaded. */
  unknownThreadIds: string[];
  removed: Record<string, RemovalReason>;
}
