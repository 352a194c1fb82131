import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../platform/ids.js';
import { createSmtpSender, type SmsSender } from '../platform/mail.js';
import { createOutbox, DELIVER_MESSAGE_JOB, type Outbox } from '../platform/outbox.js';
import type { Queue } from '../platform/queue.js';

interface OutboxDeps {
  config: Config;
  db: Db;
  nextId: IdGenerator;
  queue: Queue;
  smsSender?: SmsSender;
  runWorkers?: boolean;
}

/**
 * The outbox, with the providers the operator configured: SMTP for mail (SMTP_URL), the given
 * SmsSender for texts. This process delivers the queued messages unless another one runs the workers.
 */
export async function startOutbox(app: FastifyInstance, deps: OutboxDeps): Promise<Outbox> {
  const smtp = deps.config.smtp ? createSmtpSender(deps.config.smtp) : undefined;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  const outbox = createOutbox(deps.db, deps.nextId, {
    queue: deps.queue,
    senders: { email: smtp, sms: deps.smsSender },
    onError: (err, message) => app.log.error({ err, message }, `delivery of an outbox ${message.channel} failed; the queue tries again`),
  });
  if (deps.runWorkers !== false && (smtp || deps.smsSender)) await deps.queue.work(DELIVER_MESSAGE_JOB, outbox.deliver, { concurrency: 2 });
  return outbox;
}
