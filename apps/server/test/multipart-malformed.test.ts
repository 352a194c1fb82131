import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

interface Account { cookie: string; csrf: string }
/** A fresh account for each case, so that the upload limit per account stays out of the way. */
async function account(): Promise<Account> {
  const agent = new Agent(t.app);
  await signUp(agent);
  return { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '), csrf: agent.cookies.get('csrftoken')! };
}
afterAll(async () => { await t.close(); });

const ENDPOINTS = [['/create/upload/photo/', 'photo'], ['/create/upload/video/', 'video'], ['/accounts/web_change_profile_picture/', 'profile_pic']] as const;
const B = 'shutterBoundary42';
const filePart = (field: string) => `--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

/** The malformed bodies a client can send; each says how much of it is declared in Content-Length. */
function bodies(field: string): Record<string, { contentType: string; body: string; declared?: number }> {
  const manyFields = Array.from({ length: 12 }, (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue\r\n`).join('');
  return {
    'more than 10 text fields before the file': { contentType: `multipart/form-data; boundary=${B}`, body: `${manyFields}${filePart(field)}${'x'.repeat(300)}\r\n--${B}--\r\n` },
    'no boundary': { contentType: 'multipart/form-data', body: `${filePart(field)}xyz\r\n--${B}--\r\n` },
    'an early end (no closing boundary)': { contentType: `multipart/form-data; boundary=${B}`, body: `${filePart(field)}${'x'.repeat(300)}` },
    'a truncated body (the client stops before Content-Length)': { contentType: `multipart/form-data; boundary=${B}`, body: `${filePart(field)}${'x'.repeat(300)}`, declared: 50_000 },
  };
}

/**
 * Sends the request over a socket and waits for the answer (or 5 s). A truncated body is told by
 * ending the client's side early; the others keep it open, as a browser waiting for an answer does.
 */
function send(who: Account, url: string, contentType: string, body: string, declared = Buffer.byteLength(body), keepOpen = false): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${who.cookie}\r\nX-CSRFToken: ${who.csrf}\r\nContent-Type: ${contentType}\r\nContent-Length: ${declared}\r\n\r\n${body}`);
      if (!keepOpen) socket.end();
    });
    let text = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, ms: Date.now() - started });
    };
    const timer = setTimeout(done, 5000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
      // An answer is whole once its declared body has come.
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1]);
      const head = text.indexOf('\r\n\r\n');
      if (head !== -1 && Buffer.byteLength(text.slice(head + 4)) >= length) done();
    });
    socket.on('end', done).on('error', done);
  });
}

/** The spooled files still there after a moment (a handler may finish just after a client's answer went out). */
async function spooled(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'uploads');
  for (let i = 0; i < 20 && fs.readdirSync(dir).length; i++) await new Promise((r) => setTimeout(r, 100));
  return fs.readdirSync(dir);
}

describe(`malformed multipart uploads get a 400 at once and leave nothing behind (${databaseKind})`, () => {
  for (const [url, field] of ENDPOINTS) {
    for (const [name, { contentType, body, declared }] of Object.entries(bodies(field))) {
      it(`${url}: ${name}`, async () => {
        const res = await send(await account(), url, contentType, body, declared, !declared);
        expect(res.status, res.text).toBe(400);
        expect(res.ms).toBeLessThan(3000);
        if (!declared) expect(JSON.parse(res.text.slice(res.text.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 'fail' });
        expect(await spooled()).toEqual([]);
      });
    }
  }

  it('40 clients that keep their sockets open after too many fields are all answered', async () => {
    const { contentType, body } = bodies('photo')['more than 10 text fields before the file']!;
    const people = [await account(), await account()];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(people[i % 2]!, '/create/upload/photo/', contentType, body, undefined, true)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(400));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
    expect(await spooled()).toEqual([]);
  });
});
