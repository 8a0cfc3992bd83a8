import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/types.js';
import type { MailerPort } from '../domain/outgoing-mail.js';
import { writeOutbox } from '../stores/outbox.store.js';

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Used when no SMTP server is configured: the mail lands in the outbox table. */
  db: Queryable;
  log: FastifyBaseLogger;
}

/** Connections kept open to the SMTP server: a bulk invitation then mails over a few reused ones. */
export const SMTP_MAX_CONNECTIONS = 5;

/**
 * SMTP_URL with a connection pool, unless the URL sets `pool` itself: opening a connection per mail made a
 * bulk invitation many times slower.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) {
    url.searchParams.set('pool', 'true');
    if (!url.searchParams.has('maxConnections'))
      url.searchParams.set('maxConnections', String(SMTP_MAX_CONNECTIONS));
  }
  return url.toString();
}

/** What nodemailer's SMTP connection reads from the transport's options to open its socket. */
export interface SmtpSocketOptions {
  host?: string;
  port?: number | string;
  secure?: boolean;
  connectionTimeout?: number;
}

/** nodemailer's own defaults: localhost; 465 for implicit TLS (smtps:), 587 otherwise; 2 minutes to connect. */
export function smtpEndpoint(options: SmtpSocketOptions): { host: string; port: number; timeoutMs: number } {
  return {
    host: options.host || 'localhost',
    port: Number(options.port) || (options.secure ? 465 : 587),
    timeoutMs: options.connectionTimeout ?? 120_000,
  };
}

/**
 * Opens each of the pool's connections with Nagle's algorithm off (nodemailer's `getSocket`: it is handed
 * the connected socket, and starts TLS on it itself for smtps: or STARTTLS). nodemailer writes a mail in
 * pieces and then waits for the server's answer; with Nagle on, the last piece waited for the server's
 * delayed acknowledgement, once per mail and connection, which made a bulk invitation's mails several times
 * slower.
 */
export function openSmtpSocket(
  options: SmtpSocketOptions,
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
): void {
  const { host, port, timeoutMs } = smtpEndpoint(options);
  const socket = net.connect({ host, port, noDelay: true });
  const fail = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  const timedOut = () => fail(new Error(`Connection to the SMTP server ${host}:${port} timed out`));
  socket.setTimeout(timeoutMs, timedOut);
  socket.once('error', fail);
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.off('timeout', timedOut);
    socket.off('error', fail);
    callback(null, { connection: socket });
  });
}

/** SMTP when SMTP_URL is set, otherwise the outbox table plus a log line (development). */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): MailerPort & { close(): void } {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
    // nodemailer's hook for opening sockets (its proxy support sets it the same way); not in its types.
    (transport as typeof transport & { getSocket?: typeof openSmtpSocket }).getSocket = openSmtpSocket;
    return {
      async send(message) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
        });
        log.info({ kind: message.kind, to: message.to }, 'mail sent');
      },
      // The pool keeps connections open: closed with the app.
      close: () => transport.close(),
    };
  }
  return {
    async send(message) {
      await writeOutbox(db, message);
      log.info(
        { kind: message.kind, to: message.to, subject: message.subject },
        'mail written to the outbox',
      );
    },
    close: () => undefined,
  };
}
