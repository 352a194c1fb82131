import { messageText, type SendItemResponse } from '@shutter/contract';
import type { ChannelHandlers } from './types.js';

/** Longer is no mutation token a client makes; such a value is not echoed back. */
const CLIENT_CONTEXT_MAX = 200;

export const sendFailed = (clientContext: string): SendItemResponse => ({
  client_context: clientContext,
  status: 'fail',
  message: messageText({ code: 'direct_send_failed' }),
  code: 'direct_send_failed',
});

const usableContext = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= CLIENT_CONTEXT_MAX ? v : null);

/** The request's client_context, when it has a usable one. */
export function contextOf(request: unknown): string | null {
  return typeof request === 'object' && request !== null ? usableContext((request as { client_context?: unknown }).client_context) : null;
}

/** A client_context in text that is not JSON, so that the sender still learns its message failed. */
function contextInText(text: string): string | null {
  const m = /"client_context"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text);
  if (!m) return null;
  try {
    return usableContext(JSON.parse(`"${m[1]}"`));
  } catch {
    return null;
  }
}

/** Until an area takes the channel's sends, every send fails (and says so to its sender). */
export const unwiredHandlers: ChannelHandlers = {
  send: async (_userId, request) => {
    const context = contextOf(request);
    return context ? sendFailed(context) : null;
  },
};

/**
 * The answer to what a user published on /ig_send_message: the area's, or a failure when the
 * payload is not JSON or the area threw. Null sends nothing back.
 */
export async function answerSend(
  handlers: ChannelHandlers,
  userId: string,
  payload: Buffer,
  onError: (err: unknown) => void,
): Promise<SendItemResponse | null> {
  const text = payload.toString('utf8');
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    const context = contextInText(text);
    return context ? sendFailed(context) : null;
  }
  try {
    return await handlers.send(userId, request);
  } catch (err) {
    onError(err);
    const context = contextOf(request);
    return context ? sendFailed(context) : null;
  }
}
