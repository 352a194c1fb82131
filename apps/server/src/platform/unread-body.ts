import type { FastifyInstance } from 'fastify';

/**
 * An answer given before its request's body was read to the end (an upload refused for its fields
 * or its size, a body over the route's cap) closes its connection. The unread rest would otherwise
 * stay on the socket, and the next request on that keep-alive connection, which a proxy may send on
 * someone else's behalf, would wait for an answer until a timeout.
 */
export function closeAfterUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // Not all of it has arrived; or a reader (the multipart parser) began and stopped. A body no one
    // began to read is left to Node, which reads it off the wire once the answer is sent.
    const unread = !raw.complete || (raw.readableFlowing !== null && !raw.readableEnded);
    if (unread) reply.header('connection', 'close');
    return payload;
  });
}
