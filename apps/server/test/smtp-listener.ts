import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One message as the listener received it: the envelope and the raw data (headers and body). */
export interface ReceivedMail {
  /** The credentials of AUTH PLAIN, if the client logged in. */
  auth: { user: string; password: string } | undefined;
  from: string;
  to: string[];
  data: string;
}

export interface SmtpListener {
  /** `smtp://user:password@127.0.0.1:port`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Answer the next `n` messages' DATA with a temporary failure (451) instead of accepting them. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/**
 * A small local SMTP server for the SMTP mail driver's tests: enough of RFC 5321 for nodemailer
 * (EHLO with AUTH PLAIN, no TLS), keeping what it receives.
 */
export async function startSmtpListener(credentials = { user: 'site', password: 'mail-secret' }): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let failures = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { auth: undefined, from: '', to: [], data: '' };
    let auth: ReceivedMail['auth'];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (failures > 0) {
            failures -= 1;
            reply('451 4.3.0 try again later');
          } else {
            received.push({ ...current, auth });
            reply('250 2.0.0 queued as stand-in');
          }
          current = { auth: undefined, from: '', to: [], data: '' };
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-stand-in\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 stand-in');
        else if (verb === 'AUTH') {
          const [, user, password] = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8').split('\0');
          if (user === credentials.user && password === credentials.password) {
            auth = { user, password };
            reply('235 2.7.0 authenticated');
          } else reply('535 5.7.8 authentication failed');
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          current = { auth: undefined, from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.password}@127.0.0.1:${port}`,
    received,
    failNext: (n) => void (failures = n),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Decodes a MIME header value made of `=?UTF-8?B|Q?…?=` words. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The header of a received message (unfolded, decoded) and its text body (decoded). */
export function parseMail(data: string): { header(name: string): string | undefined; text: string } {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = data.slice(split + 4);
  const header = (name: string) => {
    const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line === undefined ? undefined : decodeHeader(line.slice(name.length + 1).trim());
  };
  const encoding = header('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body;
  return { header, text };
}
