import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APPS_PATH } from '@shutter/contract';
import type { Agent } from './agent.js';

export const REDIRECT_URI = 'https://app.example/callback';

export interface TestClient {
  client_id: string;
  client_secret: string;
}

/** Registers an app as a third party would: no cookies, no CSRF token. */
export async function registerApp(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<TestClient> {
  const res = await app.inject({ method: 'POST', url: APPS_PATH, payload: { client_name: 'Photo Frame', redirect_uris: REDIRECT_URI, scopes: 'read write', ...body }, remoteAddress: randomAddress() });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.body}`);
  return res.json();
}

const randomAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(client: TestClient, challenge: string, scope = 'read write', state = 'xyz') {
  const q = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', scope, state, code_challenge: challenge, code_challenge_method: 'S256' });
  return `/oauth/authorize?${q}`;
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/** The person (logged in with `agent`) starts an authorization: answers the consent page's uid. */
export async function startAuthorization(agent: Agent, client: TestClient, challenge: string, scope?: string): Promise<string> {
  const res = await agent.get(authorizeUrl(client, challenge, scope));
  const location = String(res.headers.location ?? '');
  const uid = /^\/oauth\/consent\/([^/]+)\/$/.exec(new URL(location, 'http://localhost').pathname)?.[1];
  if (res.status !== 303 || !uid) throw new Error(`authorization answered ${res.status} ${location} ${res.text}`);
  return uid;
}

/** Allows on the consent page and follows back to the app: answers the redirect to the app. */
export async function allow(agent: Agent, uid: string): Promise<URL> {
  const res = await agent.post(`/oauth/consent/${uid}/allow/`);
  if (res.status !== 200) throw new Error(`allow answered ${res.status} ${res.text}`);
  return follow(agent, res.body.location);
}

export async function follow(agent: Agent, location: string): Promise<URL> {
  const back = await agent.get(pathOf(location));
  return new URL(String(back.headers.location), 'http://localhost');
}

export async function exchange(app: FastifyInstance, client: TestClient, code: string, verifier: string) {
  const res = await app.inject({
    method: 'POST', url: '/oauth/token',
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: client.client_id, client_secret: client.client_secret, code_verifier: verifier }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, body: res.json() as Record<string, string> };
}

/** The whole code flow for the person behind `agent`: answers the access token. */
export async function authorize(app: FastifyInstance, agent: Agent, client: TestClient, scope = 'read write'): Promise<string> {
  const { verifier, challenge } = pkce();
  const back = await allow(agent, await startAuthorization(agent, client, challenge, scope));
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.href}`);
  const token = await exchange(app, client, code, verifier);
  if (token.status !== 200) throw new Error(`token answered ${token.status} ${JSON.stringify(token.body)}`);
  return token.body.access_token!;
}

/** A request as the app: its bearer token only, no cookie, no CSRF token. */
export async function asApp(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
  const res = await app.inject({
    method, url, headers: { authorization: `Bearer ${token}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    payload: form ? new URLSearchParams(form).toString() : undefined,
  });
  let body: any;
  try { body = res.json(); } catch { body = undefined; }
  return { status: res.statusCode, body, headers: res.headers };
}
