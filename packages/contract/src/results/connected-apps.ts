import { z } from 'zod';
import { APP_SCOPES, APP_STATUSES } from '../connected-apps.js';
import { idString, okStatus, timestamp } from './common.js';

/** A registered app, as Mastodon answers a registration (the secret is shown only here). */
export const registeredApp = z.object({
  id: idString,
  name: z.string(),
  website: z.string().nullable(),
  redirect_uri: z.string().describe('The redirect URIs, one a line.'),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.enum(APP_SCOPES)),
  client_id: z.string(),
  client_secret: z.string(),
}).meta({ id: 'RegisteredApp' });

/** An app the person authorized, active or not. */
export const appAuthorization = z.object({
  app_id: z.string(),
  app_name: z.string(),
  app_description: z.string(),
  privacy_policy: z.string().nullable(),
  scopes: z.array(z.enum(APP_SCOPES)),
  status: z.enum(APP_STATUSES),
  authorized_at: timestamp,
  expired_at: timestamp.nullable(),
  removed_at: timestamp.nullable(),
}).meta({ id: 'AppAuthorization' });

/** An invitation to test an app: pending while `accepted_at` is null. */
export const appInvite = z.object({
  app_id: z.string(),
  app_name: z.string(),
  accepted_at: timestamp.nullable(),
}).meta({ id: 'AppInvite' });

export const manageAccess = z.object({
  authorizations: z.array(appAuthorization),
  invites: z.array(appInvite),
  status: okStatus,
}).meta({ id: 'ManageAccess' });

export const inviteAccepted = z.object({ accepted_time: timestamp, status: okStatus }).meta({ id: 'AppInviteAccepted' });

/** What the consent page shows of the app asking, and for what. */
export const consentRequest = z.object({
  uid: z.string(),
  app: z.object({ client_id: z.string(), name: z.string(), website: z.string().nullable(), description: z.string() }),
  scopes: z.array(z.enum(APP_SCOPES)),
  status: okStatus,
}).meta({ id: 'ConsentRequest' });

/** Where the browser goes next: back to the app, with a code or an error. */
export const consentDone = z.object({ location: z.string(), status: okStatus }).meta({ id: 'ConsentDone' });

export type RegisteredApp = z.infer<typeof registeredApp>;
export type AppAuthorization = z.infer<typeof appAuthorization>;
export type AppInvite = z.infer<typeof appInvite>;
export type ManageAccess = z.infer<typeof manageAccess>;
export type ConsentRequest = z.infer<typeof consentRequest>;
