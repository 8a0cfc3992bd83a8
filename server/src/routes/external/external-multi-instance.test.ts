/**
 * An Idempotency-Key holds across instances (issue 40 item 4): two server instances over one PostgreSQL,
 * a request through A and its retry through B. PostgreSQL only (CI's second pass, TEST_DATABASE_URL).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/types.js';
import type { OutgoingMail } from '../../domain/outgoing-mail.js';
import { fileRegistry } from '../../registry/file-registry.js';
import { insertRole, loginPersonas } from '../../test/api-kit.js';
import { testConfig } from '../../test/helper.js';
import { freshSharedPostgresDb } from '../../test/template-db.js';
import { ext, makeToken } from './external-test-kit.js';

const url = process.env.TEST_DATABASE_URL;

(url ? describe : describe.skip)('an Idempotency-Key across two instances over one PostgreSQL', () => {
  let dbs: Db[];
  let a: FastifyInstance;
  let b: FastifyInstance;
  const mails: OutgoingMail[] = [];

  beforeAll(async () => {
    dbs = await freshSharedPostgresDb(url!, 2);
    const build = (db: Db) =>
      buildApp({
        config: testConfig(),
        db,
        registry: fileRegistry(),
        logger: false,
        mailer: { send: async (mail) => void mails.push(mail) },
      }).then(async (app) => {
        await app.ready();
        return app;
      });
    [a, b] = await Promise.all(dbs.map(build));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all((dbs ?? []).map((db) => db.close()));
  });

  it('answers the retry through B with the answer A gave, and mails once', async () => {
    const s = await loginPersonas(a);
    const wiki = await insertRole(a, 'Wiki Editors', ['app-wiki']);
    const { secret } = await makeToken(a, s.institutionAdmin, 'HR system');
    const body = { intendedAuthority: 'GUEST', invites: ['across@example.edu'], roleIdentifiers: [wiki] };
    const headers = { 'idempotency-key': 'across-instances-1' };
    const first = await ext(a, secret, 'POST', '/invitations', body, headers);
    expect(first.statusCode).toBe(201);
    const retry = await ext(b, secret, 'POST', '/invitations', body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(mails.map((m) => m.to)).toEqual(['across@example.edu']);
    const other = await ext(
      b,
      secret,
      'POST',
      '/invitations',
      { ...body, invites: ['else@example.edu'] },
      headers,
    );
    expect(other.statusCode).toBe(422);
  });
});
