// Issue 52: a role's and an invitation's requested authentication context (ACR), the accept login steered
// by it and by the registry's allow lists (acr_values, login_hint), and the ACR checked at acceptance.
import type { FastifyInstance } from 'fastify';
import { EntityRegistry } from '../registry/entity-registry.js';
import type { ManageEntity } from '../registry/manage-entity.js';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { makeToken, ext } from './external/external-test-kit.js';
import {
  addMember,
  apiApp,
  call,
  count,
  DAY,
  HW_GUID,
  insertRole,
  loginPersonas,
  now,
  type Sessions,
} from '../test/api-kit.js';
import { loginAs, loginWithClaims } from '../test/helper.js';
import { resolveLogin } from '../dev/idp/personas.js';
import { InjectBrowser } from '../test/browser.js';

const VALIDATED = 'https://eduid.nl/trust/validate-names';
const STUDENT = 'https://eduid.nl/trust/affiliation-student';
const HARDERWIJK_IDP = 'https://idp.uni-harderwijk.example.org';
const AMSTEL_IDP = 'https://login.hogeschool-amstel.example.org';
const EDUID_IDP = 'https://login.eduid.nl';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let open: number;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Acr Wiki', ['app-wiki'], { organizationGUID: HW_GUID });
  open = await insertRole(app, 'Acr Open Wiki', ['app-wiki'], { overrideSettingsAllowed: true });
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
});
afterAll(() => app.close());

const roleBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} description`,
  applicationUsages: [
    {
      application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
      landingPage: 'https://wiki.example.org',
    },
  ],
  ...extra,
});

async function setRoleAcr(id: number, acr: string | null): Promise<void> {
  await app.db.query('UPDATE roles SET requested_authn_context = $2 WHERE id = $1', [id, acr]);
}

async function invite(roleIds: number[], extra: Record<string, unknown> = {}, by = s.admin) {
  const res = await call(app, by, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'GUEST',
    invites: [`acr.${Math.random().toString(36).slice(2)}@example.com`],
    roleIdentifiers: roleIds,
    expiryDate: now() + 14 * DAY,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().ids[0] as number;
  const { rows } = await app.db.query<{
    hash: string;
    email: string;
    requested_authn_context: string | null;
  }>('SELECT hash, email, requested_authn_context FROM invitations WHERE id = $1', [id]);
  return { id, ...rows[0] };
}

describe("a role's requestedAuthnContext", () => {
  it('is stored at create, shown by the role, changed by a manager, kept when absent, cleared by null', async () => {
    const created = await call(
      app,
      s.admin,
      'POST',
      '/api/v1/roles',
      roleBody('Validated Names', { requestedAuthnContext: VALIDATED }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().requestedAuthnContext).toBe(VALIDATED);
    const id = created.json().id as number;
    expect((await call(app, s.admin, 'GET', `/api/v1/roles/${id}`)).json().requestedAuthnContext).toBe(
      VALIDATED,
    );

    await addMember(app, s.manager.userId, id, 'MANAGER');
    const changed = await call(
      app,
      s.manager,
      'PUT',
      '/api/v1/roles',
      roleBody('Validated Names', { id, requestedAuthnContext: STUDENT }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().requestedAuthnContext).toBe(STUDENT);

    const without = await call(app, s.manager, 'PUT', '/api/v1/roles', roleBody('Validated Names', { id }));
    expect(without.json().requestedAuthnContext).toBe(STUDENT);

    const cleared = await call(
      app,
      s.manager,
      'PUT',
      '/api/v1/roles',
      roleBody('Validated Names', { id, requestedAuthnContext: null }),
    );
    expect(cleared.json().requestedAuthnContext).toBeNull();
    const { rows } = await app.db.query(
      "SELECT after FROM audit_logs WHERE entity_type = 'role' AND entity_id = $1 AND action = 'update' ORDER BY id",
      [id],
    );
    expect(
      rows.map((row) => (row.after as { requestedAuthnContext?: string | null }).requestedAuthnContext),
    ).toEqual([STUDENT, undefined, null]);
  });

  it('refuses a value that is not configured (400 naming it), and stores nothing', async () => {
    const before = await count(app, 'roles');
    const res = await call(
      app,
      s.admin,
      'POST',
      '/api/v1/roles',
      roleBody('Unknown Acr', { requestedAuthnContext: 'https://example.org/unknown' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The value is invalid for requestedAuthnContext: https://example.org/unknown',
    );
    expect(await count(app, 'roles')).toBe(before);
    const update = await call(
      app,
      s.manager,
      'PUT',
      '/api/v1/roles',
      roleBody('Acr Wiki', { id: wiki, requestedAuthnContext: 'urn:nope' }),
    );
    expect(update.statusCode).toBe(400);
  });

  it('takes the values of ACR_VALUES', async () => {
    const other = await apiApp({ env: { ACR_VALUES: '{"Strong":"urn:example:acr:strong"}' } });
    try {
      const admin = await loginAs(other, 'admin');
      const values = await call(other, admin, 'GET', '/api/v1/manage/requested-authn-context-values');
      expect(values.json()).toEqual({ Strong: 'urn:example:acr:strong' });
      expect(
        (
          await call(
            other,
            admin,
            'POST',
            '/api/v1/roles',
            roleBody('Strong', { requestedAuthnContext: 'urn:example:acr:strong' }),
          )
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await call(
            other,
            admin,
            'POST',
            '/api/v1/roles',
            roleBody('Eduid', { requestedAuthnContext: VALIDATED }),
          )
        ).statusCode,
      ).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('is read and written through the external API, and named in both API documents', async () => {
    const token = await makeToken(app, s.admin, 'acr token');
    const created = await ext(
      app,
      token.secret,
      'POST',
      '/roles',
      roleBody('External Acr', { requestedAuthnContext: VALIDATED }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().requestedAuthnContext).toBe(VALIDATED);
    const read = await ext(app, token.secret, 'GET', `/roles/${created.json().id}`);
    expect(read.json().requestedAuthnContext).toBe(VALIDATED);
    expect(
      (
        await ext(
          app,
          token.secret,
          'POST',
          '/roles',
          roleBody('External Bad', { requestedAuthnContext: 'x' }),
        )
      ).statusCode,
    ).toBe(400);

    const documents = [
      (await app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' })).body,
      (await call(app, s.admin, 'GET', '/api/v1/openapi.json')).body,
    ];
    for (const document of documents) expect(document).toContain('requestedAuthnContext');
  });
});

describe("an invitation's requestedAuthnContext", () => {
  it("is the roles' by default, and the body's only where every role allows overriding", async () => {
    await setRoleAcr(wiki, VALIDATED);
    expect((await invite([wiki])).requested_authn_context).toBe(VALIDATED);
    // Not overridable: the body's value is not taken.
    expect((await invite([wiki], { requestedAuthnContext: null })).requested_authn_context).toBe(VALIDATED);
    await setRoleAcr(open, null);
    expect((await invite([open])).requested_authn_context).toBeNull();
    expect((await invite([open], { requestedAuthnContext: STUDENT })).requested_authn_context).toBe(STUDENT);
    const shown = await call(
      app,
      s.admin,
      'GET',
      `/api/v1/invitations/public?hash=${(await invite([open], { requestedAuthnContext: STUDENT })).hash}`,
    );
    expect(shown.json().requestedAuthnContext).toBe(STUDENT);
  });

  it('refuses a value that is not configured', async () => {
    const res = await call(app, s.admin, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['acr.refused@example.com'],
      roleIdentifiers: [open],
      requestedAuthnContext: 'urn:nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The value is invalid for requestedAuthnContext: urn:nope');
    expect(
      (await app.db.query("SELECT 1 FROM invitations WHERE email = 'acr.refused@example.com'")).rows,
    ).toHaveLength(0);
  });
});

/** The authorization request the accept login sends the browser to, as a URL. */
async function acceptLogin(target: FastifyInstance, hash: string): Promise<URL> {
  const res = await target.inject({ method: 'GET', url: `/api/v1/users/login?force=true&hash=${hash}` });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

describe('the accept login', () => {
  it("asks for the invitation's ACR", async () => {
    await setRoleAcr(wiki, VALIDATED);
    const url = await acceptLogin(app, (await invite([wiki])).hash);
    expect(url.searchParams.get('acr_values')).toBe(VALIDATED);
    await setRoleAcr(wiki, null);
    expect((await acceptLogin(app, (await invite([wiki])).hash)).searchParams.has('acr_values')).toBe(false);
  });

  it('hints eduID for an eduID-only invitation', async () => {
    const { hash } = await invite([open], { eduIDOnly: true });
    expect((await acceptLogin(app, hash)).searchParams.get('login_hint')).toBe(EDUID_IDP);
  });

  it('hints, for a guest, the identity providers whose allow lists cover every application of every role', async () => {
    // app-wiki: Harderwijk (allowedall), Amstel (names the wiki), eduID (allowedall); not Delta nor Noorderlicht.
    const wikiOnly = await acceptLogin(app, (await invite([open])).hash);
    expect(wikiOnly.searchParams.get('login_hint')?.split(',').sort()).toEqual(
      [AMSTEL_IDP, EDUID_IDP, HARDERWIJK_IDP].sort(),
    );
    // With a role for app-lab too, only the providers allowing all: Amstel names no lab.
    const lab = await insertRole(app, 'Acr Lab', ['app-lab'], { overrideSettingsAllowed: true });
    const both = await acceptLogin(app, (await invite([open, lab])).hash);
    expect(both.searchParams.get('login_hint')?.split(',').sort()).toEqual(
      [EDUID_IDP, HARDERWIJK_IDP].sort(),
    );
  });

  it('gives no hint for a manager invitation, nor for an unknown hash', async () => {
    const { hash } = await invite([wiki], { intendedAuthority: 'MANAGER' });
    expect((await acceptLogin(app, hash)).searchParams.has('login_hint')).toBe(false);
    const unknown = await acceptLogin(app, 'no-such-hash');
    expect(unknown.searchParams.has('login_hint')).toBe(false);
    expect(unknown.searchParams.has('acr_values')).toBe(false);
  });

  it('gives no hint with LOGIN_HINT=false', async () => {
    const other = await apiApp({ env: { LOGIN_HINT: 'false' } });
    try {
      const admin = await loginAs(other, 'admin');
      const role = await insertRole(other, 'No Hint', ['app-wiki']);
      await other.db.query(
        'UPDATE roles SET edu_id_only = TRUE, requested_authn_context = $2 WHERE id = $1',
        [role, VALIDATED],
      );
      const res = await call(other, admin, 'POST', '/api/v1/invitations', {
        intendedAuthority: 'GUEST',
        invites: ['no.hint@example.com'],
        roleIdentifiers: [role],
      });
      const { rows } = await other.db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [
        res.json().ids[0],
      ]);
      const url = await acceptLogin(other, rows[0].hash);
      expect(url.searchParams.has('login_hint')).toBe(false);
      expect(url.searchParams.get('acr_values')).toBe(VALIDATED);
    } finally {
      await other.close();
    }
  });

  it('leaves out a hint of 6,000 bytes or more', async () => {
    const application: ManageEntity = {
      id: 'app-wiki',
      type: 'saml20_sp',
      data: { entityid: 'https://wiki.example.org', metaDataFields: { 'name:en': 'Wiki' } },
    };
    const providers = (n: number): ManageEntity[] =>
      Array.from({ length: n }, (_, i) => ({
        id: `idp-${i}`,
        type: 'saml20_idp',
        data: {
          entityid: `https://idp-${String(i).padStart(4, '0')}.example.org/saml/metadata`,
          allowedall: true,
        },
      }));
    // 42 bytes and a comma each: 139 providers make 5,976 bytes, 140 make 6,019.
    for (const [n, hinted] of [
      [139, true],
      [140, false],
    ] as const) {
      const registry = new EntityRegistry(async () => ({
        applications: [application],
        identityProviders: providers(n),
        provisionings: [],
      }));
      const other = await apiApp({ registry });
      try {
        const admin = await loginAs(other, 'admin');
        const role = await insertRole(other, 'Many Providers', ['app-wiki']);
        const res = await call(other, admin, 'POST', '/api/v1/invitations', {
          intendedAuthority: 'GUEST',
          invites: ['many@example.com'],
          roleIdentifiers: [role],
        });
        const { rows } = await other.db.query<{ hash: string }>(
          'SELECT hash FROM invitations WHERE id = $1',
          [res.json().ids[0]],
        );
        const hint = (await acceptLogin(other, rows[0].hash)).searchParams.get('login_hint');
        if (hinted) expect(hint?.split(',')).toHaveLength(n);
        else expect(hint).toBeNull();
      } finally {
        await other.close();
      }
    }
  });
});

describe('the ACR checked at acceptance', () => {
  it('refuses a login without the ACR (412 naming it): nothing granted, the invitation open, the refusal audited', async () => {
    await setRoleAcr(wiki, VALIDATED);
    const invitation = await invite([wiki]);
    const claims = resolveLogin(invitation.email).claims;
    const weak = await loginWithClaims(app, claims);
    const refused = await call(app, weak, 'POST', '/api/v1/invitations/accept', {
      hash: invitation.hash,
      invitationId: invitation.id,
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({
      message: `The invitation must be accepted with a login that carries ${VALIDATED}`,
      requestedAuthnContext: VALIDATED,
      acr: null,
    });
    const other = await loginWithClaims(app, { ...claims, acr: STUDENT });
    const wrong = await call(app, other, 'POST', '/api/v1/invitations/accept', {
      hash: invitation.hash,
      invitationId: invitation.id,
    });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().acr).toBe(STUDENT);

    const { rows: status } = await app.db.query('SELECT status FROM invitations WHERE id = $1', [
      invitation.id,
    ]);
    expect(status[0].status).toBe('OPEN');
    expect(
      (await app.db.query('SELECT 1 FROM user_roles WHERE user_id = $1', [weak.userId])).rows,
    ).toHaveLength(0);
    const { rows: trail } = await app.db.query(
      "SELECT actor_id, after FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = $1 AND action = 'denied' ORDER BY id",
      [invitation.id],
    );
    expect(trail).toHaveLength(2);
    expect(Number(trail[0].actor_id)).toBe(weak.userId);
    expect(trail[1].after).toMatchObject({ requestedAuthnContext: VALIDATED, acr: STUDENT });
    const listed = await call(app, s.admin, 'GET', `/api/v1/audit-logs?action=invitation.denied`);
    expect(listed.statusCode).toBe(200);

    const strong = await loginWithClaims(app, { ...claims, acr: VALIDATED });
    const accepted = await call(app, strong, 'POST', '/api/v1/invitations/accept', {
      hash: invitation.hash,
      invitationId: invitation.id,
    });
    expect(accepted.statusCode).toBe(201);
    expect(
      (
        await app.db.query('SELECT 1 FROM user_roles WHERE user_id = $1 AND role_id = $2', [
          strong.userId,
          wiki,
        ])
      ).rows,
    ).toHaveLength(1);
  });

  it('asks nothing of an invitation without an ACR', async () => {
    await setRoleAcr(wiki, null);
    const invitation = await invite([wiki]);
    const person = await loginAs(app, invitation.email);
    const res = await call(app, person, 'POST', '/api/v1/invitations/accept', {
      hash: invitation.hash,
      invitationId: invitation.id,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('the development identity provider, steered', () => {
  it('names the hinted identity providers, signs in through the first with its home organisation, and puts a ticked acr in the ID token', async () => {
    await setRoleAcr(wiki, VALIDATED);
    const eduOnly = await invite([open], { eduIDOnly: true, requestedAuthnContext: VALIDATED });
    const browser = new InjectBrowser(app);
    const unticked = await browser.login(eduOnly.email, `?force=true&hash=${eduOnly.hash}`);
    expect(unticked.loginPage).toContain('eduID');
    expect(unticked.loginPage).toContain(`<code>${EDUID_IDP}</code>`);
    expect(unticked.loginPage).toMatch(
      /<input type="checkbox" name="acr" value="https:\/\/eduid.nl\/trust\/validate-names"> Log in with acr https:\/\/eduid.nl\/trust\/validate-names/,
    );
    const me = (await browser.request('GET', '/api/v1/users/me')).json();
    expect(me.schacHomeOrganization).toBe('eduid.nl');
    // Not ticked: no acr, so acceptance is refused; the eduID-only check is met through the hint (no 412 for it).
    const csrf = (await browser.request('GET', '/api/v1/csrf')).json().token;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      headers: { cookie: browser.cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: { hash: eduOnly.hash, invitationId: eduOnly.id },
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().requestedAuthnContext).toBe(VALIDATED);

    const ticked = new InjectBrowser(app);
    await ticked.login(eduOnly.email, `?force=true&hash=${eduOnly.hash}`, { acr: VALIDATED });
    const token = (await ticked.request('GET', '/api/v1/csrf')).json().token;
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      headers: { cookie: ticked.cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
      payload: { hash: eduOnly.hash, invitationId: eduOnly.id },
    });
    expect(accepted.json()).toMatchObject({ id: eduOnly.id });
    expect(accepted.statusCode).toBe(201);
  });

  it("signs a guest in through the first allowing provider, with that provider's scope", async () => {
    const guest = await invite([open]);
    const browser = new InjectBrowser(app);
    const { loginPage } = await browser.login(guest.email, `?force=true&hash=${guest.hash}`);
    expect(loginPage).toContain('Universiteit Harderwijk');
    expect(loginPage).not.toContain('Delta College');
    expect(loginPage).not.toContain('name="acr"');
    expect((await browser.request('GET', '/api/v1/users/me')).json().schacHomeOrganization).toBe(
      'uni-harderwijk.example.org',
    );
    // A later login without a hint is the person's own again.
    const plain = new InjectBrowser(app);
    await plain.login(guest.email);
    expect((await plain.request('GET', '/api/v1/users/me')).json().schacHomeOrganization).toBe('example.com');
  });
});

describe('the invitation mail', () => {
  it("tells an eduID-only invitee to log in with eduID, states the access period, and shows the institution's logo", async () => {
    sent.length = 0;
    await app.db.query('UPDATE roles SET edu_id_only = TRUE, default_expiry_days = 90 WHERE id = $1', [wiki]);
    try {
      const { email } = await invite([wiki], { language: 'en' });
      const mail = sent.find((m) => m.to === email)!;
      expect(mail.text).toContain('Log in with eduID to accept this invitation');
      expect(mail.text).toContain('Access for 90 days after you accept');
      expect(mail.html).toContain(
        '<img src="http://localhost:8080/registry/logos/idp-harderwijk.svg" alt="Universiteit Harderwijk"',
      );
      const until = now() + 200 * DAY;
      const dated = await invite([wiki], { language: 'nl', roleExpiryDate: until });
      const nl = sent.find((m) => m.to === dated.email)!;
      const day = new Date(until * 1000);
      const text = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
      expect(nl.text).toContain(`Toegang tot en met ${text}`);
      expect(nl.text).toContain('Log in met eduID');
    } finally {
      await app.db.query('UPDATE roles SET edu_id_only = FALSE, default_expiry_days = 365 WHERE id = $1', [
        wiki,
      ]);
    }
  });
});
