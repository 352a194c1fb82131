import autocannon, { type Result } from 'autocannon';

/** Logs in as a browser does (csrftoken first, then the AJAX login) and gives the session's cookie header. */
export async function login(origin: string, username: string, password: string): Promise<string> {
  const csrf = /csrftoken=([^;]+)/.exec((await fetch(`${origin}/data/shared_data/`)).headers.getSetCookie().join(';'))?.[1];
  if (!csrf) throw new Error('no csrftoken cookie');
  const res = await fetch(`${origin}/accounts/login/ajax/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: new URLSearchParams({ username, password }),
  });
  const session = /sessionid=([^;]+)/.exec(res.headers.getSetCookie().join(';'))?.[1];
  // The login renews the csrftoken for the new session: later requests carry that one.
  const token = /csrftoken=([^;]+)/.exec(res.headers.getSetCookie().join(';'))?.[1];
  if (!session) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return `csrftoken=${token}; sessionid=${session}`;
}

/** One route under autocannon, with the session's cookie when there is one ('' for a visitor). */
export function load(origin: string, route: string, cookie: string, connections: number, duration: number): Promise<Result> {
  return autocannon({
    url: origin, connections, duration,
    setupClient: (client) => { client.setRequests([{ method: 'GET', path: route, headers: cookie ? { cookie } : {} }]); },
  });
}
