import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import type { SessionUser } from './session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when an app's bearer token, not a browser's cookie, made this request. */
    appAccess: AppBearer | null;
  }
  interface FastifyContextConfig {
    /** false: the route acts on no session of the caller (anyone may call it), so it asks for no CSRF token. */
    csrf?: boolean;
  }
}

/** What an app's access token lets it do: act as this person, within these scopes. */
export interface AppBearer {
  user: SessionUser;
  clientId: string;
  scopes: string[];
}

export interface BearerAuth {
  /** Paths whose handlers read bearer tokens themselves (the authorization server's userinfo). */
  skips(url: string): boolean;
  /** The app and person behind a token; null when it is unknown, revoked, expired or its person suspended. */
  find(token: string): Promise<AppBearer | null>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What only the person may do, in their own browser: manage their apps, answer a consent, leave,
 * take their data, change their password, two-factor or sessions. A token, however scoped, can't.
 */
const PERSON_ONLY = [
  '/accounts/manage_access/', '/oauth/consent/', '/accounts/deactivate/', '/accounts/delete/', '/accounts/download_data/',
  '/accounts/password/', '/accounts/two_factor_authentication/', '/session/login_activity/', '/accounts/logout/',
];

const invalidToken = () => new HttpError(401, 'The access token is invalid, revoked or expired.', { error: 'invalid_token' });

/** The app behind the request's Authorization header; null when it has none (the cookie then decides). */
export async function appOfRequest(request: FastifyRequest, auth: BearerAuth): Promise<AppBearer | null> {
  const header = request.headers.authorization;
  if (!header || auth.skips(request.url)) return null;
  const token = BEARER.exec(header)?.[1];
  const found = token ? await auth.find(token) : null;
  if (!found) throw invalidToken();
  return found;
}

/**
 * An app acts only within its scopes: `read` for what a GET shows, `write` for every change.
 * Nothing ambient travels with a bearer token, so no CSRF token is asked for.
 */
export function checkAppScope(request: FastifyRequest, bearer: AppBearer): void {
  if (PERSON_ONLY.some((prefix) => request.url.startsWith(prefix))) {
    throw new HttpError(403, 'Apps can’t do this: only you can, logged in to Shutter yourself.', { error: 'insufficient_scope' });
  }
  const needed = SAFE_METHODS.has(request.method) ? 'read' : 'write';
  if (!bearer.scopes.includes(needed)) {
    throw new HttpError(403, `This app was not given the ${needed} scope, which this request needs.`, { error: 'insufficient_scope' });
  }
}
