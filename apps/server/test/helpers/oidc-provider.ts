import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the provider logs in at its next login prompt (the claims it then tells about them). */
export interface ProviderPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Logged in by the next login prompt; null: the person cancels (access_denied). */
  person: ProviderPerson | null;
  /**
   * With `person` null: the `error_reason` sent back beside `access_denied`, as providers that tell
   * a person's "no" apart do (`user_denied`); null: oidc-provider's own answer, with no reason.
   */
  denialReason: string | null;
  /** Scopes the person declines at the consent prompt (the token's `scope` then leaves them out). */
  declinedScopes: string[];
  /** Follows the provider's redirects from `url` (a fresh browser at the provider) to the first one outside it. */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, with one client whose redirect URI
 * is `redirectUri`. Its login and consent prompts answer themselves: the login with `person`, the
 * consent granting what the client asked for.
 */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, ProviderPerson>();
  const state: TestProvider = {
    issuer, clientId: 'shutter', clientSecret: 'shutter-test-secret', person: null, denialReason: null, declinedScopes: [],
    authorize: (url) => followRedirects(issuer, url),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const provider = new Provider(issuer, {
    clients: [{ client_id: state.clientId, client_secret: state.clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: (_ctx: unknown, id: string) => people.has(id) ? { accountId: id, claims: () => people.get(id) } : undefined,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const person = state.person;
      if (!person && state.denialReason) {
        const back = new URL(String(details.params.redirect_uri));
        back.search = new URLSearchParams({ error: 'access_denied', error_reason: state.denialReason, state: String(details.params.state ?? '') }).toString();
        res.writeHead(303, { location: back.href }).end();
        return;
      }
      if (!person) return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled.' }, { mergeWithLastSubmission: false });
      people.set(person.sub, person);
      return provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
    }
    const grant = (details.grantId && (await provider.Grant.find(details.grantId))) || new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
    const { missingOIDCScope, missingOIDCClaims } = details.prompt.details;
    const declined = (missingOIDCScope ?? []).filter((scope) => state.declinedScopes.includes(scope));
    // oidc-provider 9 has Grant#rejectOIDCScope; its type declarations leave it out.
    if (declined.length) (grant as unknown as { rejectOIDCScope(scope: string): void }).rejectOIDCScope(declined.join(' '));
    const granted = (missingOIDCScope ?? []).filter((scope) => !declined.includes(scope));
    if (granted.length) grant.addOIDCScope(granted.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    interaction(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return state;
}

/** A browser at the provider: keeps its cookies and follows its redirects until one leaves it. */
async function followRedirects(issuer: string, start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  for (let hops = 0; hops < 20 && url.origin === issuer; hops++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
    url = new URL(location, url);
  }
  return url;
}
