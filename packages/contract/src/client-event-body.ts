import { z } from 'zod';
import { CREDENTIAL_AUTO_LOGIN_FAILURES } from './client-events.js';

/**
 * `POST /logging/client_event/`: only known events with their known types, so the log holds nothing
 * a client made up. One event so far; the next one makes this a union on `name`.
 */
export const clientEventBody = z.object({ name: z.literal('credential_auto_login_failed'), type: z.enum(CREDENTIAL_AUTO_LOGIN_FAILURES) });
export type ClientEventBody = z.infer<typeof clientEventBody>;
