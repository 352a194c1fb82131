import { CLIENT_EVENT_PATH, CSRF_HEADER, type ClientEvent } from '@shutter/contract';
import { csrfToken } from '../../lib/csrf';

/**
 * Tells the service about an event of the client; a report that fails is dropped. A plain form
 * post, without the API client: the landing page's script sends these before the app has loaded.
 */
export const logClientEvent = (event: ClientEvent): Promise<void> =>
  fetch(CLIENT_EVENT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: csrfToken() },
    body: new URLSearchParams({ name: event.name, type: event.type }),
  }).then(() => undefined, () => undefined);
