import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addMember, apiApp, call, count, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import { TOKEN_ON_CONSOLE_ROUTE } from '../plugins/token-reach.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());

async function createToken(session: Sessions[keyof Sessions], description: string) {
  const gen = await call(app, session, 'GET', '/api/v1/tokens/generate-token');
  expect(gen.statusCode).toBe(200);
  const { token } = gen.json();
  const res = await call(app, session, 'POST', '/api/v1/tokens', { description });
  return { token, res };
}

describe('tokens', () => {
  it('stores only the hash of the generated secret; the secret is for the external API only', async () => {
    const { token, res } = await createToken(s.manager, 'My script');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(expect.objectContaining({ description: 'My script', superUserToken: false }));
    const stored = await app.db.query<{ hashed_value: string }>(
      'SELECT hashed_value FROM api_tokens WHERE id = $1',
      [res.json().id],
    );
    expect(stored.rows[0].hashed_value).toBe(createHash('sha256').update(token).digest('hex'));
    const asToken = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { 'x-api-token': token }, payload });
    const consoleRead = await asToken('GET', '/api/v1/roles');
    expect([consoleRead.statusCode, consoleRead.json().message]).toEqual([403, TOKEN_ON_CONSOLE_ROUTE]);
    const invitationsBefore = await count(app, 'invitations');
    const consoleWrite = await asToken('POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['via.api@example.com'],
      roleIdentifiers: [wiki],
    });
    expect(consoleWrite.statusCode).toBe(403);
    expect(await count(app, 'invitations')).toBe(invitationsBefore);
    // A manager's token (no organisation) reaches the roles its owner manages, on the external API.
    const external = await asToken('GET', '/api/external/v1/roles');
    expect(external.statusCode).toBe(200);
    expect(external.json().content.map((r: { id: number }) => r.id)).toEqual([wiki]);
    // The secret is used up: a second save needs a new one.
    expect((await call(app, s.manager, 'POST', '/api/v1/tokens', { description: 'Again' })).statusCode).toBe(
      400,
    );
  });

  it('makes super-user tokens for super users and shows them all tokens', async () => {
    const { res } = await createToken(s.admin, 'Nightly export');
    expect(res.json().superUserToken).toBe(true);
    const mine = (await call(app, s.manager, 'GET', '/api/v1/tokens')).json();
    expect(mine.map((t: { description: string }) => t.description)).toEqual(['My script']);
    const all = (await call(app, s.admin, 'GET', '/api/v1/tokens')).json();
    expect(all.map((t: { description: string }) => t.description).sort()).toEqual([
      'My script',
      'Nightly export',
    ]);
  });

  it('gives institution admins tokens with their organisation', async () => {
    const { res } = await createToken(s.institutionAdmin, 'Provisioning');
    expect(res.json().organizationGUID).toBe('ad93daef-0911-e511-80d0-005056956c1a');
  });

  it('requires a description', async () => {
    await call(app, s.manager, 'GET', '/api/v1/tokens/generate-token');
    const res = await call(app, s.manager, 'POST', '/api/v1/tokens', { description: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The description is required for an API token');
    expect(
      (await call(app, s.manager, 'POST', '/api/v1/tokens', { description: 'x'.repeat(256) })).statusCode,
    ).toBe(400);
  });

  it('refuses guests', async () => {
    expect((await call(app, s.guest, 'GET', '/api/v1/tokens')).statusCode).toBe(403);
    expect((await call(app, s.guest, 'GET', '/api/v1/tokens/generate-token')).statusCode).toBe(403);
  });

  it("deletes own tokens, not others'", async () => {
    const adminToken = (await call(app, s.admin, 'GET', '/api/v1/tokens'))
      .json()
      .find((t: { description: string }) => t.description === 'Nightly export');
    expect((await call(app, s.manager, 'DELETE', `/api/v1/tokens/${adminToken.id}`)).statusCode).toBe(403);
    const own = (await call(app, s.manager, 'GET', '/api/v1/tokens')).json()[0];
    expect((await call(app, s.manager, 'DELETE', `/api/v1/tokens/${own.id}`)).statusCode).toBe(204);
    expect((await call(app, s.manager, 'GET', '/api/v1/tokens')).json()).toEqual([]);
    const audit = await app.db.query<{ action: string }>(
      "SELECT action FROM audit_logs WHERE entity_type = 'api_token' AND entity_id = $1 ORDER BY id",
      [own.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });
});
