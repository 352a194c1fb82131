import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { MQTT_PATH } from '@shutter/contract';

/** Whether an upgrade request is for the channel: its path is exactly MQTT_PATH (a query is allowed). */
export function isChannelPath(url: string | undefined): boolean {
  if (!url) return false;
  const q = url.indexOf('?');
  return (q < 0 ? url : url.slice(0, q)) === MQTT_PATH;
}

export interface OriginRule {
  /** The service's public origin (PUBLIC_URL's, or http://localhost:PORT). */
  publicOrigin: string;
  /** Only that origin; otherwise a page served from the very host the request names is accepted too. */
  strict: boolean;
}

/**
 * A browser always says which page opens a WebSocket, and sends the cookie whatever that page is:
 * without this check any site could open the channel as its visitor (cross-site WebSocket
 * hijacking). A request without an Origin is no browser's, and has only the cookie to show.
 */
export function originAllowed(req: Pick<IncomingMessage, 'headers'>, rule: OriginRule): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === rule.publicOrigin) return true;
  if (rule.strict) return false;
  // Another site cannot make a browser send this host with its own origin; a host name rebound to
  // this address carries no cookie of this service.
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Answers an upgrade with the API's failure shape, before any WebSocket or MQTT byte. */
export function refuseUpgrade(socket: Duplex, err: { statusCode: number; message: string; extra?: Record<string, unknown> }): void {
  const body = JSON.stringify({ status: 'fail', message: err.message, ...err.extra });
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${err.statusCode} ${STATUS_CODES[err.statusCode]}\r\n`
    + 'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n'
    + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
