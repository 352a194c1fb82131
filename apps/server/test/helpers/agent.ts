import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { QUERY_HASHES } from '@shutter/contract';

export interface AgentResponse {
  status: number;
  body: any;
  headers: LightMyRequestResponse['headers'];
  text: string;
}

/**
 * A browser-like client for app.inject: keeps cookies between calls and echoes the csrftoken
 * cookie in X-CSRFToken on unsafe requests, as the web client does.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    // Each agent is a visitor of its own (TEST-NET addresses), so per-address limits apply per agent.
    private readonly ip = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`,
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(method: 'GET' | 'POST' | 'HEAD', url: string, opts: { form?: Record<string, string>; json?: unknown; raw?: string; rawBuffer?: Buffer; contentType?: string; csrf?: boolean | string; headers?: Record<string, string> } = {}): Promise<AgentResponse> {
    if (method === 'POST' && !this.cookies.has('csrftoken')) await this.request('GET', '/data/shared_data/');
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...opts.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (method === 'POST' && opts.csrf !== false) headers['x-csrftoken'] = typeof opts.csrf === 'string' ? opts.csrf : this.cookies.get('csrftoken') ?? '';
    let payload: string | Buffer | undefined;
    if (opts.form) {
      payload = new URLSearchParams(opts.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (opts.json !== undefined) {
      payload = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.rawBuffer !== undefined) {
      payload = opts.rawBuffer;
      headers['content-type'] = opts.contentType ?? 'application/octet-stream';
    } else if (opts.raw !== undefined) {
      payload = opts.raw;
      headers['content-type'] = opts.contentType ?? 'application/json';
    }
    const res = await this.app.inject({ method, url, headers, payload, remoteAddress: this.ip });
    this.keep(res);
    let body: unknown = undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body };
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }

  post(url: string, form: Record<string, string> = {}, opts: { csrf?: boolean | string } = {}) {
    return this.request('POST', url, { form, ...opts });
  }

  postJson(url: string, json: unknown) {
    return this.request('POST', url, { json });
  }
}

let counter = 0;
/** A unique valid signup for a test person. */
export function newPerson(prefix = 'user') {
  counter += 1;
  // Separators keep the parts apart: without them counter 1 + random 123 and counter 11 + random 23 collide.
  const id = `${prefix}${process.pid % 1000}_${counter}_${Math.floor(Math.random() * 1000)}`;
  return { email: `${id}@example.org`, username: id, password: 'correct horse battery', first_name: `Test ${prefix}` };
}

export async function signUp(agent: Agent, person = newPerson()) {
  const res = await agent.post('/accounts/web_create_ajax/', person);
  if (res.status !== 200) throw new Error(`signup failed: ${res.text}`);
  return { ...person, id: res.body.user_id as string };
}

/** A new signed-up person with their own agent (cookies, CSRF token) on `app`. */
export async function signedUpAgent(app: ConstructorParameters<typeof Agent>[0]) {
  const agent = new Agent(app);
  return { agent, user: await signUp(agent) };
}

/** The URL of a persisted query, as the web client builds it. */
export const queryUrl = (name: keyof typeof QUERY_HASHES, variables: unknown = {}) =>
  `/graphql/query/?query_hash=${QUERY_HASHES[name]}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
