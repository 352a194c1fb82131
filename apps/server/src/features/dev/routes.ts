import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../../platform/outbox.js';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Development only: the mail and SMS the service would have sent. */
export function registerDevRoutes(app: FastifyInstance, outbox: Outbox): void {
  app.get('/dev/outbox/', { schema: { hide: true } }, async (request, reply) => {
    const messages = await outbox.latest(50);
    if ((request.query as Record<string, unknown>).__a === '1') return { messages, status: 'ok' };
    const items = messages
      .map((m) => `<article><h2>${escape(m.subject)}</h2><p>To ${escape(m.recipient)} (${m.channel}), ${m.created_at.toISOString()}</p><pre>${linkify(m.body)}</pre></article>`)
      .join('');
    return reply.type('text/html; charset=utf-8').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox • Shutter</title></head><body><main><h1>Outbox (development)</h1>${items || '<p>No messages yet.</p>'}</main></body></html>`,
    );
  });
}
