import { CLIENT_EVENT_PATH, type ClientEvent } from '@shutter/contract';
import { apiPost } from '../../lib/api';

/** Tells the service about an event of the client (it answers ok); a report that fails is dropped. */
export const logClientEvent = (event: ClientEvent): Promise<void> =>
  apiPost(CLIENT_EVENT_PATH, { name: event.name, type: event.type }, { result: (r) => r.ok }).then(() => undefined, () => undefined);
