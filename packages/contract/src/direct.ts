/**
 * Direct messages: limits, the real-time channel's topics and the shapes that travel on it. The
 * HTTP answers' schemas are in results/direct.ts.
 */

/** Spec 002 §9: an inbox page holds 20 threads, each with its 10 newest messages. */
export const DIRECT_INBOX_THREADS = 20;
export const DIRECT_INBOX_THREAD_MESSAGES = 10;
/** Our choice (spec: not shown): a page of a thread's older messages, and the most one may ask for. */
export const DIRECT_THREAD_PAGE = 20;
export const DIRECT_THREAD_PAGE_MAX = 50;
/** Our choice (spec 002 §5: message length not shown): as long as the original product's limit. */
export const DIRECT_TEXT_MAX_LENGTH = 1000;
/** Our choice (spec: not shown): people in a group, the creator included. */
export const DIRECT_GROUP_MAX_MEMBERS = 32;
/** Our choice (spec: not shown): a group's title. */
export const DIRECT_TITLE_MAX_LENGTH = 80;
/** Our choice (spec 002 §4: "starts with a time-to-live"): a typing indicator lasts this long unless renewed. */
export const DIRECT_TYPING_TTL_MS = 12_000;
/** A client renews its typing indicator at most this often while the person types. */
export const DIRECT_TYPING_RENEW_MS = 5_000;
/**
 * Our choice: one person's typing in one thread is told to the others at most once in this long,
 * whatever they send; the latest state within it is told when it ends. Under DIRECT_TYPING_RENEW_MS,
 * so a client's renewals all pass.
 */
export const DIRECT_TYPING_PACE_MS = 2_000;
/** Our choice: links one message may carry. */
export const DIRECT_LINK_URLS_MAX = 5;
/** Our choice: emoji a story reaction may be (one grapheme, a few code points). */
export const DIRECT_REACTION_EMOJI_MAX_LENGTH = 16;
/** Messages one account may send in a minute (text, likes, shares, photos together), the channel included. */
export const DIRECT_SEND_LIMIT = { max: 60, windowMs: 60 * 1000 };
/** Our choice: people (and, asked for, group threads) the recipient picker offers at once. */
export const DIRECT_RANKED_RECIPIENTS_MAX = 30;
/** Presence: an account counts as active while it was seen on the channel this recently. */
export const DIRECT_PRESENCE_ACTIVE_MS = 5 * 60 * 1000;

/** The channel: MQTT 3.1.1 over WebSocket at this path of the service's own origin. */
export const MQTT_PATH = '/mqtt';
/** Every change of the viewer's threads (subscription type `message`). */
export const TOPIC_MESSAGE_SYNC = '/ig_message_sync';
/** Only the unseen-threads count (subscription type `badge_count_only`). */
export const TOPIC_BADGE_COUNT = '/ig_badge_count';
/** Where a client publishes what it sends (text, like, media share, typing). */
export const TOPIC_SEND_MESSAGE = '/ig_send_message';
/** Where the service answers each send, by its client_context. */
export const TOPIC_SEND_MESSAGE_RESPONSE = '/ig_send_message_response';

export const SUBSCRIPTION_TYPES = ['message', 'badge_count_only'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const topicOfSubscription = (type: SubscriptionType) => (type === 'message' ? TOPIC_MESSAGE_SYNC : TOPIC_BADGE_COUNT);

/** What a client may send over the channel (R-002-direct-10); everything else goes over HTTP. */
export const CHANNEL_ITEM_TYPES = ['text', 'like', 'media_share', 'typing'] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

/** Every kind of item a thread holds. */
export const DIRECT_ITEM_TYPES = ['text', 'like', 'media', 'link', 'media_share', 'reel_share', 'reel_react', 'story_share', 'action_log'] as const;
export type DirectItemType = (typeof DIRECT_ITEM_TYPES)[number];

/** Published on /ig_send_message. `client_context` is the mutation token: the same one twice is one message. */
export interface SendItemRequest {
  action: 'send_item';
  thread_id: string;
  item_type: ChannelItemType;
  /** text: the message; like: absent. */
  text?: string;
  /** media_share: the shared post's id. */
  media_id?: string;
  client_context: string;
  /** typing: 1 while typing, 0 when stopped. */
  activity_status?: 0 | 1;
}

/** Answered on /ig_send_message_response (typing gets no answer). */
export type SendItemResponse =
  | { client_context: string; status: 'ok'; payload: { thread_id: string; item_id: string; timestamp: number } }
  | { client_context: string; status: 'fail'; message: string; code?: string };

/** One change, in the JSON Patch manner. */
export interface PatchOp {
  op: 'add' | 'replace' | 'remove';
  /**
   * `/direct_v2/threads/{thread_id}/items/{item_id}` (value: the item),
   * `/direct_v2/threads/{thread_id}/participants/{user_id}/has_seen` (value: {timestamp, item_id}),
   * `/direct_v2/threads/{thread_id}/activity_indicator_id/{id}` (value: a TypingIndicator),
   * `/direct_v2/inbox/threads/{thread_id}` (value: the thread as the inbox lists it, or removed),
   * `/direct_v2/inbox/unseen_count` (value: a number).
   */
  path: string;
  value?: unknown;
}

export interface TypingIndicator {
  sender_id: string;
  activity_status: 0 | 1;
  ttl: number;
  timestamp: number;
}

/**
 * What arrives on /ig_message_sync (and, reduced to the unseen count, on /ig_badge_count).
 * `seq_id` is the receiver's own, persisted and strictly increasing; events that store nothing
 * (typing) carry none. `snapshot` asks the client to reload the inbox and resubscribe.
 */
export type SyncEvent =
  | { event: 'patch'; seq_id?: number; data: PatchOp[] }
  | { event: 'snapshot'; seq_id?: number };

export const directPaths = {
  item: (threadId: string, itemId: string) => `/direct_v2/threads/${threadId}/items/${itemId}`,
  hasSeen: (threadId: string, userId: string) => `/direct_v2/threads/${threadId}/participants/${userId}/has_seen`,
  typing: (threadId: string, indicatorId: string) => `/direct_v2/threads/${threadId}/activity_indicator_id/${indicatorId}`,
  inboxThread: (threadId: string) => `/direct_v2/inbox/threads/${threadId}`,
  unseenCount: '/direct_v2/inbox/unseen_count',
} as const;
