/**
 * /dev-mailbox: the outbox as a mailbox, for a developer running the console without an SMTP server. Only
 * registered while the development identity provider is on (config.devIdp): the accept links it shows
 * are secrets.
 */
import { mailboxPage, mailPage, type OutboxMail } from './dev-mailbox.pages.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

export const DEV_MAILBOX_PATH = '/dev-mailbox';
/** The newest mails shown; older ones stay in the table. */
const SHOWN = 200;

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  created_at: Date;
}

const toMail = (row: OutboxRow): OutboxMail => ({
  id: Number(row.id),
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  html: row.html,
  text: row.text,
  createdAt: new Date(row.created_at),
});

export default async function devMailbox(app: SchemaTypedApp): Promise<void> {
  app.get(DEV_MAILBOX_PATH, async (_request, reply) => {
    const { rows } = await app.db.query<OutboxRow>(
      'SELECT * FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1',
      [SHOWN],
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(mailboxPage(rows.map(toMail)));
  });

  app.get(
    `${DEV_MAILBOX_PATH}/:id`,
    {
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
        },
      },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<OutboxRow>('SELECT * FROM outbox WHERE id = $1', [
        request.params.id,
      ]);
      if (!rows[0]) return reply.status(404).type('text/plain').send('No such mail');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(mailPage(toMail(rows[0])));
    },
  );
}
