import net from 'node:net';

/** Helpers of the tests that start the real service: a port of its own, and waiting on it. */

/** A port nothing listens on, for a service a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** Asks `probe` every 100 ms until it gives a value; past `ms`, fails with the end of `output()`. */
export async function waitFor<T>(what: string, ms: number, output: () => string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not within ${ms} ms. Output:\n${output().slice(-3000)}`);
}
