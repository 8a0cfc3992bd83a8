import { writeFileSync } from 'node:fs';
import { apiApp, loginPersonas, call, addMember } from './test/api-kit.js';
it('probes', async () => {
  const app = await apiApp({ mailer: { send: async () => undefined } });
  const s = await loginPersonas(app);
  const out: Record<string, unknown> = {};
  const go = async (m: string, u: string, body?: unknown, who = s.admin) => {
    const r = await call(app, who, m as 'GET', u, body as object);
    let b: unknown = r.body;
    try { b = r.json(); } catch { /* text */ }
    out[`${m} ${u}`] = { status: r.statusCode, body: b };
    return b as any;
  };
  const role = await go('POST', '/api/v1/roles', { name: 'Research wiki editors', description: 'May edit the research wiki', defaultExpiryDays: 365, applicationUsages: [{ application: { manageId: 'app-wiki', manageType: 'saml20_sp' }, landingPage: 'https://wiki.uni-harderwijk.example.org/welcome' }] });
  const id = role.id;
  const ur = await addMember(app, s.guest.userId, id, 'GUEST', new Date(Date.now() + 86400e3 * 30));
  await go('PUT', '/api/v1/roles', { ...{ id: String(id), name: 'Research wiki editors', description: 'May edit the research wiki', applicationUsages: [{ application: { manageId: 'app-wiki' } }] } });
  const inv = await go('POST', '/api/v1/invitations', { intendedAuthority: 'GUEST', invites: ['jane@example.org'], roleIdentifiers: [String(id)], message: 'Welcome', language: 'en' });
  await go('GET', '/api/v1/users/me', undefined, s.manager); await go('GET', '/api/v1/user_roles/search/' + id + '/managers'); for (const u of ['/api/v1/csrf', '/api/v1/users/config', '/api/v1/users/me', `/api/v1/users/other/${s.guest.userId}`, '/api/v1/users/search?query=guest', '/api/v1/users/search-by-application?query=', '/api/v1/users/institution-admins', `/api/v1/users/institution-admins/${id}`, '/api/v1/roles', `/api/v1/roles/${id}`, '/api/v1/roles/application/app-wiki', `/api/v1/user_roles/search/${id}/guests`, `/api/v1/user_roles/managers/${id}`, `/api/v1/user_roles/consequences/${id}`, `/api/v1/invitations/search?roleId=${id}`, `/api/v1/invitations/roles/${id}`, '/api/v1/tokens', '/api/v1/manage/providers', '/api/v1/manage/applications', '/api/v1/manage/identity-providers', '/api/v1/manage/eduid-identity-provider', '/api/v1/manage/requested-authn-context-values', '/api/v1/manage/provisionings/app-wiki', `/api/v1/manage/organization-guid-validation/ad93daef-0911-e511-80d0-005056956c1a`, '/api/v1/system/cron/cleanup', '/api/v1/system/cron/inactive-users', '/api/v1/system/cron/expiry-notifications', '/api/v1/system/unknown-roles', '/api/v1/system/expiry-user-roles', '/api/v1/system/performance-seed', `/api/v1/audit-logs?roleId=${id}`, `/api/v1/audit-logs/role/${id}`, '/api/v1/system/provisioning', `/api/v1/roles/${id}/provisioning`, '/api/v1/tokens/generate-token']) await go('GET', u);
  await go('PUT', '/api/v1/user_roles', { userRoleId: String(ur), endDate: Math.floor(Date.now() / 1000) + 86400 * 60 });
  await go('POST', '/api/v1/tokens', { description: 'HR system' });
  await go('POST', '/api/v1/validations/validate', { type: 'email', value: 'jane@example.org' });
  await go('PUT', '/api/v1/system/provisioning/targets/prov-scim-harderwijk/resync');
  const { rows } = await app.db.query('SELECT hash FROM invitations ORDER BY id DESC LIMIT 1');
  await go('GET', `/api/v1/invitations/public?hash=${rows[0].hash}`);
  await go('POST', '/api/v1/invitations/accept', { hash: rows[0].hash }, s.guest);
  out.inv = inv;
  writeFileSync('/tmp/doc/answers.json', JSON.stringify(out, null, 1));
  await app.close();
});
