/** The development SCIM service provider's page: per tenant its users and groups, newest first. Plain server HTML. */
import { page, when } from '../mailbox/dev-mailbox.pages.js';
import { escapeHtml } from '../../mail/format.js';
import type { DevScimSnapshot } from './dev-scim.js';

export interface DevScimTenantView {
  name: string;
  /** The tenant's base URL path, e.g. `/dev-scim/harderwijk/v2`. */
  basePath: string;
  /** How a caller authenticates: `Basic`, `Bearer`, both or none (never the secrets). */
  authentication: string;
  snapshot: DevScimSnapshot;
}

const newestFirst = <T extends { created: Date }>(items: T[]): T[] =>
  [...items].sort((a, b) => b.created.getTime() - a.created.getTime());

function usersTable(snapshot: DevScimSnapshot): string {
  if (!snapshot.users.length) return '<p>No users yet.</p>';
  const rows = newestFirst(snapshot.users)
    .map(
      (u) =>
        `<tr><td>${escapeHtml(u.userName)}</td><td>${escapeHtml(u.displayName ?? '')}</td>` +
        `<td>${(u.emails ?? []).map((e) => escapeHtml(e.value)).join('<br>')}</td>` +
        `<td>${escapeHtml(u.externalId ?? '')}</td><td>${escapeHtml(when(u.created))}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th scope="col">userName</th><th scope="col">Display name</th><th scope="col">E-mails</th><th scope="col">externalId</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function groupsTable(snapshot: DevScimSnapshot): string {
  if (!snapshot.groups.length) return '<p>No groups yet.</p>';
  const rows = newestFirst(snapshot.groups)
    .map(
      (g) =>
        `<tr><td>${escapeHtml(g.displayName)}</td><td>${escapeHtml(g.externalId ?? '')}</td>` +
        `<td>${g.members.length ? g.members.map((m) => escapeHtml(m.display)).join('<br>') : '<span class="note">none</span>'}</td>` +
        `<td>${escapeHtml(when(g.lastModified))}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th scope="col">displayName</th><th scope="col">externalId</th><th scope="col">Members</th><th scope="col">Changed</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function devScimPage(tenants: DevScimTenantView[]): string {
  const sections = tenants
    .map(
      (t) => `<section>
      <h2>${escapeHtml(t.name)}</h2>
      <p class="note">SCIM base URL <code>${escapeHtml(t.basePath)}</code>, authentication: ${escapeHtml(t.authentication)}.
      ${t.snapshot.users.length} user(s), ${t.snapshot.groups.length} group(s).</p>
      <h3>Users</h3>
      ${usersTable(t.snapshot)}
      <h3>Groups</h3>
      ${groupsTable(t.snapshot)}
      </section>`,
    )
    .join('\n');
  return page(
    'Development SCIM service provider',
    `<p><a href="/dev-mailbox">&larr; Development mailbox</a></p>
      <h1>Development SCIM service provider</h1>
      <p class="note">The users and groups the console provisioned to the development SCIM service provider,
      per tenant, newest first. Kept in memory only: gone when the server stops.</p>
      ${tenants.length ? sections : '<p>No tenants configured.</p>'}`,
  );
}
