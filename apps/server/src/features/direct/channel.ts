import { messageText, type SendItemResponse } from '@shutter/contract';
import { sendItemRequest } from '@shutter/contract/results';
import { HttpError } from '../../platform/errors.js';
import type { Pace } from '../../platform/rate-limits.js';
import { retryAfter } from '../../platform/rate-limits.js';
import type { ChannelHandlers } from '../../platform/realtime/types.js';
import type { NewItem } from './types.js';
import type { Direct } from './service.js';
import { createTypingRelay } from './typing.js';

export interface ChannelDeps {
  direct: Pick<Direct, 'deliver' | 'requireMember' | 'readers' | 'publishNow'>;
  /** The send budget of an account (shared with the HTTP sends), by `user:{id}`. */
  pace: (key: string) => Promise<Pace>;
  onError: (err: unknown) => void;
}

const failed = (clientContext: string, err: unknown): SendItemResponse => {
  if (err instanceof HttpError) {
    const code = typeof err.extra.code === 'string' ? err.extra.code : undefined;
    return { client_context: clientContext, status: 'fail', message: err.message, ...(code ? { code } : {}) };
  }
  return { client_context: clientContext, status: 'fail', message: messageText({ code: 'direct_send_failed' }), code: 'direct_send_failed' };
};

/**
 * What a connected person publishes on /ig_send_message (R-002-direct-10): text, likes and shared
 * posts become items through `deliver`, answered by their client_context (never thrown); typing is
 * told to the thread's other readers, paced per person and thread (the typing relay), stored nowhere,
 * and answered with nothing. `close` drops the typing held back for the end of its pace.
 */
export function createDirectChannel({ direct, pace, onError }: ChannelDeps): ChannelHandlers & { close(): void } {
  const relay = createTypingRelay({ direct, onError });

  return {
    async send(userId, raw) {
      const parsed = sendItemRequest.safeParse(raw);
      if (!parsed.success) {
        const given = (raw as { client_context?: unknown } | null)?.client_context;
        const clientContext = typeof given === 'string' ? given.slice(0, 100) : '';
        return { client_context: clientContext, status: 'fail', message: messageText({ code: 'direct_send_failed' }), code: 'direct_send_failed' };
      }
      const req = parsed.data;
      if (req.item_type === 'typing') {
        await relay.send(userId, req.thread_id, req.activity_status ?? 1);
        return null;
      }
      try {
        const budget = await pace(`user:${userId}`);
        if (!budget.allowed) {
          const wait = retryAfter(budget.retryInMs);
          return { client_context: req.client_context, status: 'fail', message: messageText(wait), code: wait.code };
        }
        const item: NewItem = req.item_type === 'text'
          ? { type: 'text', text: req.text ?? '' }
          : req.item_type === 'like'
            ? { type: 'like' }
            : { type: 'media_share', mediaId: req.media_id ?? '', ...(req.text ? { text: req.text } : {}) };
        if (item.type === 'media_share' && !item.mediaId) throw new HttpError(400, messageText({ code: 'direct_send_failed' }), { code: 'direct_send_failed' });
        const sent = await direct.deliver(userId, req.thread_id, item, req.client_context);
        return { client_context: req.client_context, status: 'ok', payload: { thread_id: req.thread_id, item_id: sent.item_id, timestamp: sent.timestamp } };
      } catch (err) {
        if (!(err instanceof HttpError)) onError(err);
        return failed(req.client_context, err);
      }
    },
    close: relay.stop,
  };
}
