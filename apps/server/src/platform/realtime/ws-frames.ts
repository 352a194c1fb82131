import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * The broker writes each MQTT packet in pieces (header, topic, payload) between cork() and
 * uncork(). ws's stream sends every piece as a frame of its own; with this, the pieces written
 * together leave as one frame: fewer frames, and a packet a client reads whole.
 */
export function sendWholePackets(stream: Duplex, ws: WebSocket): void {
  (stream as Duplex & { _writev: NonNullable<Duplex['_writev']> })._writev = (chunks, callback) => {
    ws.send(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((c) => c.chunk as Buffer)), callback);
  };
}
