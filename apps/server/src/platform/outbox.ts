import type { Db } from '../db/database.js';
import type { IdGenerator } from './ids.js';
import { createOutboxRepository } from './outbox.repository.js';

/**
 * Mail and SMS leave through the outbox. On the embedded default they stay there, readable at
 * /dev/outbox/; a server deployment's sender (SMTP) drains it.
 */
export function createOutbox(db: Db, nextId: IdGenerator) {
  const repo = createOutboxRepository(db);
  return {
    async send(message: { channel: 'email' | 'sms'; recipient: string; subject: string; body: string }) {
      await repo.insert({ id: nextId(), ...message });
    },
    latest: repo.latest,
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
