/**
 * The external API knows APPLICATION_MANAGER (issue 53): an integration invites one with manageIdentifiers
 * (checked as in the console), the OpenAPI document describes it, and an application manager's own token
 * reaches the roles of their applications and nothing else. An organisation's token does not act for the
 * applications its owner manages as application manager.
 */
import type { FastifyInstance } from 'fastify';
import { apiApp, insertRole, loginPersonas, type Sessions } from '../../test/api-kit.js';
import { loginAs, type TestSession } from '../../test/helper.js';
import { ext, makeToken } from './external-test-kit.js';

let app: FastifyInstance;
let s: Sessions;
let manager: TestSession;
let superToken: string;
let orgToken: string;
let managerToken: string;
let wiki: number; // on app-wiki: the application manager's
let pair: number; // on app-wiki and app-gitlab: not theirs to change
let library: number; // on app-library: not theirs

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  manager = await loginAs(app, 'application-manager');
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  pair = await insertRole(app, 'Wiki And Forge', ['app-wiki', 'app-gitlab']);
  library = await insertRole(app, 'Library Visitors', ['app-library']);
  // As an accepted APPLICATION_MANAGER invitation makes one; the institution admin manages app-gitlab too.
  await app.db.query(
    `INSERT INTO user_applications (user_id, manage_id, manage_type)
     VALUES ($1, 'app-wiki', 'saml20_sp'), ($2, 'app-rooster', 'saml20_sp')`,
    [manager.userId, s.institutionAdmin.userId],
  );
  superToken = (await makeToken(app, s.admin, 'Nightly sync')).secret;
  orgToken = (await makeToken(app, s.institutionAdmin, 'HR system')).secret;
  managerToken = (await makeToken(app, manager as Sessions['manager'], 'Wiki desk')).secret;
});
afterAll(() => app.close());

const applicationManagerInvitation = (manageIdentifiers: unknown) => ({
  intendedAuthority: 'APPLICATION_MANAGER',
  invites: [`desk.${Math.random().toString(36).slice(2)}@example.edu`],
  manageIdentifiers,
  suppressSendingEmails: true,
});
const guestInvitation = (roleId: number) => ({
  intendedAuthority: 'GUEST',
  invites: ['guest.of.desk@example.edu'],
  roleIdentifiers: [roleId],
  suppressSendingEmails: true,
});

describe('APPLICATION_MANAGER in the external API', () => {
  it('a super-user token invites an application manager; the applications are stored with the invitation', async () => {
    const res = await ext(
      app,
      superToken,
      'POST',
      '/invitations',
      applicationManagerInvitation([{ manageId: 'app-rooster', manageType: 'saml20_sp' }]),
    );
    expect(res.statusCode).toBe(201);
    const [id] = res.json().invitationIdentifiers;
    const { rows } = await app.db.query(
      'SELECT manage_id, manage_type FROM invitation_applications WHERE invitation_id = $1',
      [id],
    );
    expect(rows).toEqual([{ manage_id: 'app-rooster', manage_type: 'saml20_sp' }]);
  });

  it("an organisation token invites one for its organisation's applications only; 400 naming the field", async () => {
    const own = await ext(
      app,
      orgToken,
      'POST',
      '/invitations',
      applicationManagerInvitation([{ manageId: 'app-library', manageType: 'oidc10_rp' }]),
    );
    expect(own.statusCode).toBe(201);
    const foreign = await ext(
      app,
      orgToken,
      'POST',
      '/invitations',
      applicationManagerInvitation([{ manageId: 'app-rooster', manageType: 'saml20_sp' }]),
    );
    expect(foreign.statusCode).toBe(403);
    const unknown = await ext(
      app,
      superToken,
      'POST',
      '/invitations',
      applicationManagerInvitation([{ manageId: 'app-nowhere', manageType: 'saml20_sp' }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('The value is invalid for manageIdentifiers: app-nowhere (saml20_sp)');
    const missing = await ext(
      app,
      superToken,
      'POST',
      '/invitations',
      applicationManagerInvitation(undefined),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('manageIdentifiers is required');
  });

  it("an application manager's token runs the roles of their applications and nothing else", async () => {
    expect((await ext(app, managerToken, 'GET', `/roles/${wiki}`)).statusCode).toBe(200);
    expect((await ext(app, managerToken, 'POST', '/invitations', guestInvitation(wiki))).statusCode).toBe(
      201,
    );
    expect((await ext(app, managerToken, 'GET', `/roles/${pair}`)).statusCode).toBe(200);
    expect((await ext(app, managerToken, 'POST', '/invitations', guestInvitation(pair))).statusCode).toBe(
      403,
    );
    expect((await ext(app, managerToken, 'DELETE', `/roles/${pair}`)).statusCode).toBe(403);
    expect((await ext(app, managerToken, 'GET', `/roles/${library}`)).statusCode).toBe(403);
    expect((await ext(app, managerToken, 'DELETE', `/roles/${wiki}`)).statusCode).toBe(204);
  });

  it('an organisation token does not act for the applications its owner manages elsewhere', async () => {
    const rooster = await insertRole(app, 'Rooster Planners', ['app-rooster']);
    expect((await ext(app, orgToken, 'GET', `/roles/${rooster}`)).statusCode).toBe(403);
  });

  it('the OpenAPI document names the authority and manageIdentifiers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' })).json();
    const body =
      doc.paths['/api/external/v1/invitations'].post.requestBody.content['application/json'].schema;
    expect(body.properties.intendedAuthority.enum).toContain('APPLICATION_MANAGER');
    expect(body.properties.manageIdentifiers.items.required).toEqual(['manageId', 'manageType']);
  });
});
