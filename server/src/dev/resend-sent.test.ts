/**
 * The development SCIM service provider's restart (dev/index.ts): what the database says it was sent is
 * queued again, and nothing else of the target's applications (the performance seed's roles, never
 * provisioned, point at them too).
 */
import type { FastifyInstance } from 'fastify';
import { EntityRegistry } from '../registry/entity-registry.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { resendSent } from './resend-sent.js';
import { scimTarget, targetRegistry } from '../test/registry.fixture.js';

const PREFIX = 'http://127.0.0.1:9/dev-scim/';

function registry(): EntityRegistry {
  return targetRegistry(() => [scimTarget('prov-dev', `${PREFIX}wiki/v2`)]);
}

let app: FastifyInstance;
beforeAll(async () => {
  // No worker: the queue is only looked at.
  app = await apiApp({ registry: registry(), env: { PROVISIONING: 'false' } });
});
afterAll(() => app.close());

const queued = async () =>
  (
    await app.db.query<{ target: string; kind: string; local_id: string }>(
      'SELECT target, kind, local_id FROM provisioning_queue ORDER BY kind, local_id',
    )
  ).rows.map((r) => `${r.target} ${r.kind} ${r.local_id}`);

describe("the development SCIM target's restart", () => {
  it('queues again what was sent to it (each group with its guests now), not the rest of its applications', async () => {
    const sentRole = await insertRole(app, 'Sent Role', ['app-wiki']);
    const sentGuest = await addUser(app, 'sent.guest@example.org');
    await addMember(app, sentGuest, sentRole, 'GUEST');
    // A guest who joined the sent role after its last delivery: the group is sent with its members now.
    const laterGuest = await addUser(app, 'later.guest@example.org');
    await addMember(app, laterGuest, sentRole, 'GUEST');
    // A role of the same application never sent (as the performance seed's).
    const otherRole = await insertRole(app, 'Never Sent Role', ['app-wiki']);
    await addMember(app, await addUser(app, 'never.sent@example.org'), otherRole, 'GUEST');
    await app.db.query('DELETE FROM provisioning_changes');
    await app.db.query('DELETE FROM provisioning_queue');
    await app.db.query(
      `INSERT INTO scim_resources (target, kind, local_id, remote_id, sent_digest)
       VALUES ('prov-dev', 'group', $1, 'g1', 'd'), ('prov-dev', 'user', $2, 'u1', 'd')`,
      [sentRole, sentGuest],
    );
    await app.db.query(
      "INSERT INTO scim_group_members (target, role_id, user_id) VALUES ('prov-dev', $1, $2)",
      [sentRole, sentGuest],
    );
    const targets = await app.registry.scimTargets();

    await resendSent(app.db, targets, 'https://elsewhere.example.org/');
    expect(await queued()).toEqual([]);

    await resendSent(app.db, targets, PREFIX);
    expect(await queued()).toEqual([
      `prov-dev group ${sentRole}`,
      ...[sentGuest, laterGuest].sort((a, b) => a - b).map((id) => `prov-dev user ${id}`),
    ]);
    // What was sent is set aside: each user made again, each group given its members again.
    const sent = await app.db.query<{ digests: number; members: number }>(
      `SELECT (SELECT count(*) FROM scim_resources WHERE target = 'prov-dev' AND sent_digest IS NOT NULL)::int AS digests,
              (SELECT count(*) FROM scim_group_members WHERE target = 'prov-dev')::int AS members`,
    );
    expect(sent.rows[0]).toEqual({ digests: 0, members: 0 });
  });
});
