// A minimal SMTP server on 127.0.0.1 for journeys that must read a mail (an invitation's accept link):
// start it before useConsole and pass its url as SMTP_URL. It accepts every message, keeps it, and
// never advertises STARTTLS or authentication, so the server's mailer sends in plain text.
import { createServer } from 'node:net';

/**
 * @typedef {{ from: string, to: string[], data: string }} ReceivedMail
 * @returns {Promise<{ url: string, mails: ReceivedMail[], close: () => Promise<void> }>}
 */
export async function startSmtpServer() {
  /** @type {ReceivedMail[]} */
  const mails = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    /** @type {ReceivedMail} */
    let current = { from: '', to: [], data: '' };
    const reply = (/** @type {string} */ line) => socket.write(`${line}\r\n`);
    reply('220 e2e-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // Dot-stuffing: a leading '..' stands for '.'.
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          mails.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          reply('250 OK: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line.slice(10).trim();
        else if (verb === 'RCPT') current.to.push(line.slice(8).trim());
        else if (verb === 'RSET') current = { from: '', to: [], data: '' };
        if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else {
          reply(verb === 'EHLO' || verb === 'HELO' ? '250 e2e-smtp' : '250 OK');
        }
      }
    });
    socket.on('error', () => undefined);
    socket.unref();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  // It must never keep a test file's process alive.
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * The body of a received mail with quoted-printable soft breaks and escapes undone (enough to find links).
 * @param {string} data
 */
export function decodedBody(data) {
  return data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}
