import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Who logged in to send it. */
  user?: string;
  /** Headers and body, transfer encoding undone (quoted-printable soft breaks joined). */
  text: string;
}

/** Undoes quoted-printable (soft breaks, =XX bytes), reading the bytes as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A real SMTP server on a free local port that keeps what it receives. It asks for a login
 * (`shutter` / `mail-secret`), over plain text as local test servers do; `refuse` makes it turn a
 * recipient away with a temporary failure, to exercise retries.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shutter' && auth.password === 'mail-secret') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address) ?? 0;
      if (left <= 0) return callback();
      refusals.set(address.address, left - 1);
      return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://shutter:mail-secret@127.0.0.1:${port}`,
    received,
    /** Turns the next `times` deliveries to this address away. */
    refuse(address: string, times: number) {
      refusals.set(address, times);
    },
    /** The mails to `address` whose text matches, waiting for at least one. */
    async mailsTo(address: string, match: RegExp, timeoutMs = 15_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter((m) => m.to.includes(address) && match.test(m.text));
        if (found.length || Date.now() > deadline) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
