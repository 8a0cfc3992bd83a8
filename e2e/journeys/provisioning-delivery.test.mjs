// Provisioning reaches the applications (issue 41): an invitation accepted in the browser arrives at the
// development SCIM service provider that `npm start` runs (the bundled registry provisions the wiki there);
// and a console killed with SIGKILL in the middle of its deliveries delivers everything after a restart,
// none twice.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  eventually,
  exactly,
  freePort,
  launchBrowser,
  loginAs,
  newContext,
  pageShown,
  startServer,
  text,
  useConsole,
} from '../harness/index.mjs';
import { api, roleIdByName } from '../support/api.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';
import { startScimTarget } from '../support/scim-target.mjs';

const smtp = await startSmtp(await freePort());
after(() => smtp.close());
const { journey } = useConsole({ env: { SMTP_URL: smtp.url } });

const WIKI = 'Research Wiki Editors';
const t = (/** @type {string} */ key) => text('invitations', key);

/** The development SCIM service provider's page, as text. @param {string} baseUrl */
async function devScimText(baseUrl) {
  const html = await (await fetch(`${baseUrl}/dev-scim`)).text();
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

journey(
  'a guest who accepts in the browser is at the SCIM service provider, in the role’s group',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = `scim.${Date.now()}@example.org`;
    const roleId = await roleIdByName(page, WIKI);
    const created = await api(page, 'POST', 'invitations', {
      intendedAuthority: 'GUEST',
      invites: [email],
      roleIdentifiers: [roleId],
    });
    assert.equal(created.status, 201);

    const context = await newContext(browser, baseUrl);
    const guest = await context.newPage();
    await guest.goto(acceptLink(await smtp.waitForMail(email)));
    await pageShown(guest, { ready: (p) => p.getByRole('heading', { name: t('acceptTitle') }) });
    await guest.getByRole('button', { name: exactly(t('accept.loginToAccept')) }).click();
    await guest.getByLabel('Username or e-mail').fill(email);
    await guest.getByRole('button', { name: exactly('Log in') }).click();
    await guest.waitForURL(
      (url) => !url.pathname.startsWith('/invitation') && !url.pathname.startsWith('/dev-idp'),
    );
    await context.close();

    // The provider's page lists the guest among the users and in the wiki group.
    await eventually(
      async () => {
        const shown = await devScimText(baseUrl);
        assert.ok(shown.includes(email), `${email} is a user at the provider`);
        const group = shown.slice(shown.indexOf(WIKI));
        assert.ok(group.includes(email), `${email} is in the group ${WIKI}`);
      },
      { timeoutMs: 15_000 },
    );
    const states = await api(page, 'GET', `roles/${roleId}/provisioning`);
    assert.equal(states.status, 200);
    await eventually(
      async () => {
        const now = await api(page, 'GET', `roles/${roleId}/provisioning`);
        assert.equal(now.body[0]?.status, 'delivered', JSON.stringify(now.body));
      },
      { timeoutMs: 15_000 },
    );
  },
);

test(
  'a console killed during its deliveries delivers everything after a restart, none twice',
  // Two starts, each of which the harness may make twice (startServer), and the deliveries.
  { timeout: 600_000 },
  async () => {
    // Each request answered after 150 ms, so that the deliveries are under way when the console dies.
    const target = await startScimTarget({
      tenant: 'crash',
      token: 'crash-token',
      name: 'Crash SCIM',
      applications: ['app-wiki', 'app-gitlab', 'app-canvas', 'app-library'],
      delayMs: 150,
    });
    const { scim, registry, work } = target;
    const env = {
      DATA_DIR: path.join(work, 'data'),
      REGISTRY_DIR: registry,
      DEV_SCIM: 'false',
      PROVISIONING_POLL: '100ms',
      PROVISIONING_LEASE: '3s',
    };
    const browser = await launchBrowser();
    try {
      // The first life: the development seed's memberships start going out; killed after the third answer.
      const first = await startServer({ env });
      await eventually(
        async () => assert.ok(scim.requestLog('crash').length >= 3, 'three deliveries answered'),
        { timeoutMs: 30_000 },
      );
      process.kill(Number(first.pid), 'SIGKILL');
      await first.stop();
      const answeredBefore = scim.requestLog('crash').length;

      // The second life, on the same data.
      const second = await startServer({ env });
      try {
        const context = await newContext(browser, second.baseUrl);
        const page = await context.newPage();
        await loginAs(page, 'admin');
        const roles = (await api(page, 'GET', 'roles?pageSize=100')).body.content.filter(
          (/** @type {{ applicationUsages: Array<{ application: { manageId: string } }> }} */ r) =>
            r.applicationUsages.some((u) =>
              ['app-wiki', 'app-gitlab', 'app-canvas', 'app-library'].includes(u.application.manageId),
            ),
        );
        assert.ok(roles.length >= 2, 'the seed has roles on the provisioned applications');
        await eventually(
          async () => {
            for (const role of roles) {
              const states = (await api(page, 'GET', `roles/${role.id}/provisioning`)).body;
              assert.equal(states[0]?.status, 'delivered', `${role.name}: ${JSON.stringify(states)}`);
            }
          },
          { timeoutMs: 120_000 },
        );
        const held = scim.snapshot('crash');
        const names = held.users.map((/** @type {{ userName: string }} */ u) => u.userName);
        assert.equal(new Set(names).size, names.length, 'no user twice at the provider');
        const groupNames = held.groups.map((/** @type {{ displayName: string }} */ g) => g.displayName);
        assert.deepEqual(
          [...groupNames].sort(),
          roles.map((/** @type {{ name: string }} */ r) => r.name).sort(),
        );
        const failed = (await api(page, 'GET', 'system/provisioning?status=failed')).body;
        assert.equal(failed.totalElements, 0, JSON.stringify(failed.content));
        assert.ok(scim.requestLog('crash').length > answeredBefore, 'the second life delivered the rest');
        await context.close();
      } finally {
        await second.stop();
      }
    } finally {
      await browser.close();
      await target.close();
    }
  },
);
