import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { makeJpeg } from './helpers/media.js';
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
function send(who: Account, url: string, contentType: string, body: string, declared = Buffer.byteLength(body), keepOpen = false, encoding: BufferEncoding = 'utf8'): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${who.cookie}\r\nX-CSRFToken: ${who.csrf}\r\nContent-Type: ${contentType}\r\nContent-Length: ${declared}\r\n\r\n`);
      socket.write(body, encoding);
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

  /**
   * Sends a refused upload and then, on the same keep-alive connection, an ordinary request. The
   * refusal either says `Connection: close` and hangs up, or the next request is answered at once:
   * a body left unread on the socket would hold the next request (a proxy's, for someone else).
   */
  function refusedThenNext(who: Account, url: string, contentType: string, body: string, declared: number): Promise<{ first: string; second: string; closed: boolean; ms: number }> {
    return new Promise((resolve) => {
      let text = '';
      let closed = false;
      let secondSentAt = 0;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nCookie: ${who.cookie}\r\nX-CSRFToken: ${who.csrf}\r\nContent-Type: ${contentType}\r\nContent-Length: ${declared}\r\n\r\n${body}`);
      });
      const finish = () => {
        clearTimeout(timer);
        socket.destroy();
        const at = text.indexOf('HTTP/1.1', 1);
        resolve({ first: at === -1 ? text : text.slice(0, at), second: at === -1 ? '' : text.slice(at), closed, ms: secondSentAt ? Date.now() - secondSentAt : 0 });
      };
      const timer = setTimeout(finish, 5000);
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => {
        text += d;
        if (!secondSentAt && /\r\n\r\n[\s\S]*\}/.test(text)) {
          secondSentAt = Date.now();
          socket.write('GET /data/shared_data/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        }
        if (secondSentAt && text.indexOf('HTTP/1.1', 1) !== -1) finish();
      });
      socket.on('end', () => { closed = true; finish(); }).on('error', () => { closed = true; finish(); });
    });
  }

  for (const [label, url, field, fields] of [
    ['11 fields on a post upload', '/create/upload/photo/', 'photo', 11],
    ['11 fields on a direct photo', '/direct_v2/web/threads/broadcast/upload_photo/', 'photo', 11],
  ] as const) {
    for (const whole of [true, false]) {
      it(`a refused upload (${label}, ${whole ? 'sent whole' : 'still being sent'}) leaves its keep-alive connection usable or closes it`, async () => {
        const many = Array.from({ length: fields }, (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue\r\n`).join('');
        const body = `${many}${filePart(field)}${'x'.repeat(200_000)}\r\n--${B}--\r\n`;
        const sent = whole ? body : body.slice(0, 100_000);
        const res = await refusedThenNext(await account(), url, `multipart/form-data; boundary=${B}`, sent, Buffer.byteLength(body));
        expect(res.first).toMatch(/^HTTP\/1\.1 400/);
        if (/\r\nconnection: close\r\n/i.test(res.first)) {
          expect(res.closed).toBe(true);
        } else {
          expect(res.second, 'the next request on the connection is answered').toMatch(/^HTTP\/1\.1 200/);
          expect(res.ms).toBeLessThan(2000);
        }
      });
    }
  }

  it('an upload read to its end keeps its connection open for the next request', async () => {
    const jpeg = (await makeJpeg(40, 30)).toString('latin1');
    const body = `--${B}\r\nContent-Disposition: form-data; name="upload_id"\r\n\r\n${Date.now()}\r\n${filePart('photo')}${jpeg}\r\n--${B}--\r\n`;
    const res = await send(await account(), '/create/upload/photo/', `multipart/form-data; boundary=${B}`, body, Buffer.byteLength(body, 'latin1'), true, 'latin1');
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toMatch(/\r\nconnection: close\r\n/i);
  });

  it('40 clients that keep their sockets open after too many fields are all answered', async () => {
    const { contentType, body } = bodies('photo')['more than 10 text fields before the file']!;
    const people = [await account(), await account()];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(people[i % 2]!, '/create/upload/photo/', contentType, body, undefined, true)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(400));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
    expect(await spooled()).toEqual([]);
  });
});
