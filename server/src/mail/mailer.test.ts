import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { addMember, apiApp, call, count, DAY, insertRole, loginPersonas, now } from '../test/api-kit.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port, received }),
    );
  });
}

/** Quoted-printable soft breaks and escapes undone, enough to search the text. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await apiApp({ mailer: undefined, config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('delivers the invitation mail, in Dutch, with the accept link and the expiry date', async () => {
    const s = await loginPersonas(app);
    const wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
    await addMember(app, s.manager.userId, wiki, 'MANAGER');
    const expiry = now() + 10 * DAY;
    const res = await call(app, s.manager, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['mailed@example.com'],
      roleIdentifiers: [wiki],
      language: 'nl',
      message: 'Tot snel',
      expiryDate: expiry,
    });
    expect(res.statusCode).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(['mailed@example.com']);
    const body = decoded(mail.raw);
    const hash = (await app.db.query<{ hash: string }>('SELECT hash FROM invitations')).rows[0].hash;
    expect(body).toContain(`http://localhost:8080/invitation/accept?hash=${hash}`);
    expect(body).toContain('Max Manager heeft je uitgenodigd als gast');
    expect(body).toContain('Onderzoekswiki');
    const d = new Date(expiry * 1000);
    const dd = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    expect(body).toContain(dd);
    expect(body).toMatch(/Content-Type: text\/html/i);
    expect(body).toMatch(/Content-Type: text\/plain/i);
    expect(await count(app, 'outbox')).toBe(0);
  });

  it('delivers every mail of a bulk invitation over the pooled connections', async () => {
    const s = await loginPersonas(app);
    const wiki = (await app.db.query<{ id: string }>("SELECT id FROM roles WHERE name = 'Wiki Editors'"))
      .rows[0].id;
    await addMember(app, s.admin.userId, Number(wiki), 'MANAGER');
    const before = smtp.received.length;
    const invites = Array.from({ length: 12 }, (_, i) => `bulk${i}@example.com`);
    const res = await call(app, s.admin, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites,
      roleIdentifiers: [Number(wiki)],
    });
    expect(res.statusCode).toBe(201);
    expect(
      smtp.received
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([...invites].sort());
  });
});

describe('mail without SMTP', () => {
  it('lands in the outbox', async () => {
    const app = await apiApp({ mailer: undefined });
    try {
      const s = await loginPersonas(app);
      const wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
      await addMember(app, s.manager.userId, wiki, 'MANAGER');
      await call(app, s.manager, 'POST', '/api/v1/invitations', {
        intendedAuthority: 'GUEST',
        invites: ['outboxed@example.com'],
        roleIdentifiers: [wiki],
      });
      const rows = await app.db.query<{ kind: string; recipient: string; text: string }>(
        'SELECT kind, recipient, text FROM outbox',
      );
      expect(rows.rows).toEqual([
        expect.objectContaining({
          kind: 'invitation',
          recipient: 'outboxed@example.com',
          text: expect.stringContaining('Research Wiki'),
        }),
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('the SMTP connection pool', () => {
  it('pools a few connections unless SMTP_URL says otherwise', async () => {
    const { pooledSmtpUrl } = await import('./mailer.js');
    expect(pooledSmtpUrl('smtp://u:p@mail.example.org:587')).toBe(
      'smtp://u:p@mail.example.org:587?pool=true&maxConnections=5',
    );
    expect(pooledSmtpUrl('smtps://mail.example.org?pool=false')).toBe('smtps://mail.example.org?pool=false');
    expect(pooledSmtpUrl('smtp://mail.example.org:25?maxConnections=2&pool=true')).toBe(
      'smtp://mail.example.org:25?maxConnections=2&pool=true',
    );
  });

  it("opens each connection where nodemailer would: SMTP_URL's host and port, else its defaults", async () => {
    const { smtpEndpoint } = await import('./mailer.js');
    expect(smtpEndpoint({})).toEqual({ host: 'localhost', port: 587, timeoutMs: 120_000 });
    expect(smtpEndpoint({ host: 'mail.example.org', secure: true })).toEqual({
      host: 'mail.example.org',
      port: 465,
      timeoutMs: 120_000,
    });
    expect(smtpEndpoint({ host: 'mail.example.org', port: '2525', connectionTimeout: 5000 })).toEqual({
      host: 'mail.example.org',
      port: 2525,
      timeoutMs: 5000,
    });
  });

  it('hands nodemailer a connected socket, or the reason it could not connect', async () => {
    const { openSmtpSocket } = await import('./mailer.js');
    const listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
    const port = (listener.address() as AddressInfo).port;
    const open = () =>
      new Promise<net.Socket>((resolve, reject) =>
        openSmtpSocket({ host: '127.0.0.1', port }, (error, socket) =>
          error ? reject(error) : resolve((socket as { connection: net.Socket }).connection),
        ),
      );
    const socket = await open();
    expect(socket.remotePort).toBe(port);
    socket.destroy();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects a mail while the SMTP server cannot be reached', async () => {
    const { createMailer } = await import('./mailer.js');
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const log = { info: () => undefined, error: () => undefined } as unknown as Parameters<
      typeof createMailer
    >[0]['log'];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'portal@example.org',
      db: null as never,
      log,
    });
    try {
      await expect(
        mailer.send({
          kind: 'invitation',
          to: 'nobody@example.org',
          subject: 'S',
          html: '<p>H</p>',
          text: 'T',
        }),
      ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      mailer.close();
    }
  });
});
