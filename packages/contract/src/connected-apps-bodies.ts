import { z } from 'zod';
import { APP_NAME_MAX, APP_REDIRECT_URIS_MAX, APP_SCOPES, APP_WEBSITE_MAX, isAllowedRedirectUri } from './connected-apps.js';

const redirectUri = z.string().max(APP_WEBSITE_MAX).refine(isAllowedRedirectUri, 'Redirect URIs must be https (or http on localhost), or an app scheme.');
const listOf = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value);
const scopesOf = (value: unknown) => (value === undefined || value === '' ? ['read'] : listOf(value));

export const registerAppBody = z.object({
  client_name: z.string().trim().min(1).max(APP_NAME_MAX),
  redirect_uris: z.preprocess(listOf, z.array(redirectUri).min(1).max(APP_REDIRECT_URIS_MAX)),
  scopes: z.preprocess(scopesOf, z.array(z.enum(APP_SCOPES)).min(1).max(2)).transform((s) => [...new Set(s)]),
  website: z.url({ protocol: /^https?$/ }).max(APP_WEBSITE_MAX).optional().or(z.literal('').transform(() => undefined)),
  description: z.string().trim().max(500).optional(),
});
export type RegisterAppBody = z.input<typeof registerAppBody>;

export const appClientBody = z.object({ client_id: z.string().min(1).max(100) });
export const inviteTesterBody = z.object({ username: z.string().trim().min(1).max(30) });
