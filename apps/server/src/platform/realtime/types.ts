import type { SendItemResponse, SyncEvent } from '@shutter/contract';

/**
 * The seam between the real-time channel (this folder: the MQTT broker over WebSocket) and the
 * areas that use it (direct messages). The channel knows users and topics; what a send means is
 * the area's.
 */

/** Sends an event to one user's stream, on every instance (through Redis when it is there). */
export interface SyncPublisher {
  /**
   * Call only after the write the event tells of has committed. Events carrying a `seq_id` reach a
   * connection in the order they were published from one instance; a client that sees a gap reloads.
   */
  publish(userId: string, event: SyncEvent): void;
}

/** What the area does with what a connected user publishes. */
export interface ChannelHandlers {
  /**
   * A message published on /ig_send_message by this user (parsed JSON, not yet validated). The
   * answer goes back on that user's /ig_send_message_response; null sends none (typing).
   */
  send(userId: string, request: unknown): Promise<SendItemResponse | null>;
  /** The user connected, or their connection showed life (for presence); at most about once a minute. */
  active?(userId: string): void;
}
