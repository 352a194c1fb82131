import type { Db } from '../db/database.js';
import type { IdGenerator } from './ids.js';
import type { MessageSender } from './mail.js';
import { createOutboxRepository } from './outbox.repository.js';
import type { Queue } from './queue.js';

/** The queue job that hands one outbox message to its provider. */
export const DELIVER_MESSAGE_JOB = 'deliver-message';

type Channel = 'email' | 'sms';

export interface OutboxOptions {
  /** Where delivery jobs wait; without it, or without a sender for a channel, messages stay in the outbox. */
  queue?: Queue;
  senders?: Partial<Record<Channel, MessageSender>>;
  /** Told of each failed delivery (the queue then tries again). */
  onError?: (err: unknown, message: { id: string; channel: Channel }) => void;
}

/**
 * Every mail and SMS is written to the outbox first: it is the record of what the service sent.
 * When a provider is configured for the channel (SMTP for mail, an SmsSender for texts) a queue job
 * then hands it over, so that a slow provider never holds a request and a failure is retried by the
 * queue and kept on the row (`delivery_error`), never lost silently. Without one (the embedded
 * default) the message stays in the outbox, readable at /dev/outbox/.
 */
export function createOutbox(db: Db, nextId: IdGenerator, options: OutboxOptions = {}) {
  const repo = createOutboxRepository(db);
  const { queue, senders = {} } = options;
  return {
    /** `to` names the person a message is for, so that they can find it among the mails sent to them. */
    async send(message: { channel: Channel; recipient: string; subject: string; body: string }, to?: { userId: string; kind: 'security' | 'other' }) {
      const id = nextId();
      await repo.insert({ id, ...message, ...(to ? { user_id: to.userId, kind: to.kind } : {}) });
      if (queue && senders[message.channel]) await queue.send(DELIVER_MESSAGE_JOB, { id });
    },
    latest: repo.latest,
    sentTo: repo.sentTo,

    /** The queue's handler: sends the message once; a failure is recorded and thrown for a retry. */
    async deliver({ id }: { id: string }): Promise<void> {
      const message = await repo.find(id);
      if (!message || message.delivered_at) return;
      const sender = senders[message.channel];
      if (!sender) return;
      try {
        await sender.send(message);
      } catch (err) {
        await repo.failed(id, err instanceof Error ? err.message : String(err));
        options.onError?.(err, { id, channel: message.channel });
        throw err;
      }
      await repo.delivered(id);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
