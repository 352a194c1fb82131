import type { Db } from '../db/database.js';
import type { IdGenerator } from './ids.js';

/**
 * Mail and SMS leave through the outbox. On the embedded default they stay there, readable at
 * /dev/outbox/; a server deployment's sender (SMTP) drains it.
 */
export function createOutbox(db: Db, nextId: IdGenerator) {
  return {
    async send(message: { channel: 'email' | 'sms'; recipient: string; subject: string; body: string }) {
      await db.insertInto('outbox').values({ id: nextId(), ...message }).execute();
    },
    latest(limit: number) {
      return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
