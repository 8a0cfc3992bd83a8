// A real SMTP server inside the test process (the `smtp-server` package): the console's server is started
// with SMTP_URL pointing here, and a journey reads the mails it received.
import { SMTPServer } from 'smtp-server';
import { eventually } from '../harness/poll.mjs';

/**
 * @typedef {object} ReceivedMail
 * @property {string[]} to
 * @property {string} raw the message as sent, quoted-printable undone
 * @property {number} at Date.now() when it arrived
 */

/** Quoted-printable soft breaks and escapes undone: enough to read links and texts. */
export function decoded(/** @type {string} */ raw) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Starts an SMTP server on 127.0.0.1 (`port` 0: any free port).
 * @param {number} [port]
 */
export async function startSmtp(port = 0) {
  /** @type {ReceivedMail[]} */
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: decoded(Buffer.concat(chunks).toString('utf8')),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    /** The mails to `email`, oldest first. */
    mailsTo: (/** @type {string} */ email) => received.filter((m) => m.to.includes(email.toLowerCase())),
    /**
     * Waits until `count` mails to `email` arrived; returns the last one.
     * @param {string} email
     * @param {{ count?: number, timeoutMs?: number }} [options]
     */
    async waitForMail(email, { count = 1, timeoutMs = 15_000 } = {}) {
      return eventually(
        async () => {
          const mails = received.filter((m) => m.to.includes(email.toLowerCase()));
          if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${email} arrived`);
          return mails[count - 1];
        },
        { timeoutMs },
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** The accept link of an invitation mail (the first one; HTML and text carry the same). */
export function acceptLink(/** @type {ReceivedMail} */ mail) {
  const found = mail.raw.match(/https?:\/\/[^\s"'<>]+\/invitation\/accept\?hash=[A-Za-z0-9_%-]+/);
  if (!found) throw new Error(`No accept link in the mail:\n${mail.raw.slice(0, 2000)}`);
  return found[0];
}
