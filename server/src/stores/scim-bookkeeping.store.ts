/**
 * The SCIM bookkeeping (scim_resources, scim_group_members): what each target was sent, under which remote
 * id, and which memberships its groups hold. A delivery sends only what differs from it.
 */
import type { Db, Queryable } from '../db/types.js';
import type { QueueKind } from './provisioning-queue.store.js';

export interface KnownResource {
  remoteId: string;
  digest: string | null;
}

export async function readResource(
  q: Queryable,
  target: string,
  kind: QueueKind,
  localId: number,
): Promise<KnownResource | null> {
  const { rows } = await q.query<{ remote_id: string; sent_digest: string | null }>(
    'SELECT remote_id, sent_digest FROM scim_resources WHERE target = $1 AND kind = $2 AND local_id = $3',
    [target, kind, localId],
  );
  return rows[0] ? { remoteId: rows[0].remote_id, digest: rows[0].sent_digest } : null;
}

export async function saveResource(
  q: Queryable,
  target: string,
  kind: QueueKind,
  localId: number,
  remoteId: string,
  digest: string,
): Promise<void> {
  await q.query(
    `INSERT INTO scim_resources (target, kind, local_id, remote_id, sent_digest) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (target, kind, local_id) DO UPDATE SET remote_id = $4, sent_digest = $5, updated_at = now()`,
    [target, kind, localId, remoteId, digest],
  );
}

/** The user is no longer at the target: nor in any of its groups there. */
export async function forgetUser(db: Db, target: string, userId: number): Promise<void> {
  await db.tx(async (q) => {
    await q.query("DELETE FROM scim_resources WHERE target = $1 AND kind = 'user' AND local_id = $2", [
      target,
      userId,
    ]);
    await q.query('DELETE FROM scim_group_members WHERE target = $1 AND user_id = $2', [target, userId]);
  });
}

/** The group is no longer at the target, nor its memberships. */
export async function forgetGroup(db: Db, target: string, roleId: number): Promise<void> {
  await db.tx(async (q) => {
    await q.query("DELETE FROM scim_resources WHERE target = $1 AND kind = 'group' AND local_id = $2", [
      target,
      roleId,
    ]);
    await q.query('DELETE FROM scim_group_members WHERE target = $1 AND role_id = $2', [target, roleId]);
  });
}

/** The memberships the target was sent, with the members' remote ids (null when the user was deleted there). */
export async function deliveredMembers(
  q: Queryable,
  target: string,
  roleId: number,
): Promise<Array<{ userId: number; remoteId: string | null }>> {
  const { rows } = await q.query<{ user_id: string; remote_id: string | null }>(
    `SELECT m.user_id, sr.remote_id FROM scim_group_members m
       LEFT JOIN scim_resources sr ON sr.target = m.target AND sr.kind = 'user' AND sr.local_id = m.user_id
      WHERE m.target = $1 AND m.role_id = $2`,
    [target, roleId],
  );
  return rows.map((r) => ({ userId: Number(r.user_id), remoteId: r.remote_id }));
}

/** Records the group's memberships as the target now holds them. */
export async function saveMembers(
  db: Db,
  target: string,
  roleId: number,
  added: readonly number[],
  removed: readonly number[],
): Promise<void> {
  await db.tx(async (q) => {
    if (removed.length > 0) {
      await q.query(
        'DELETE FROM scim_group_members WHERE target = $1 AND role_id = $2 AND user_id = ANY($3::bigint[])',
        [target, roleId, removed],
      );
    }
    if (added.length > 0) {
      await q.query(
        `INSERT INTO scim_group_members (target, role_id, user_id)
         SELECT $1, $2, unnest($3::bigint[]) ON CONFLICT DO NOTHING`,
        [target, roleId, added],
      );
    }
  });
}

/**
 * Everything a target was sent is set aside (a full resync): each user is replaced (made again when the
 * target lost it) and each group gets every member again.
 */
export async function setAsideSent(q: Queryable, target: string): Promise<void> {
  await q.query('UPDATE scim_resources SET sent_digest = NULL WHERE target = $1', [target]);
  await q.query('DELETE FROM scim_group_members WHERE target = $1', [target]);
}

/** Which groups and users the target was sent, by local id. */
export async function sentTo(
  q: Queryable,
  target: string,
): Promise<Array<{ kind: QueueKind; localId: string }>> {
  const { rows } = await q.query<{ kind: QueueKind; local_id: string }>(
    'SELECT kind, local_id FROM scim_resources WHERE target = $1',
    [target],
  );
  return rows.map((r) => ({ kind: r.kind, localId: r.local_id }));
}

/** The target's users forgotten (a development target that keeps them in memory restarted). */
export async function forgetUsersAt(q: Queryable, target: string): Promise<void> {
  await q.query("DELETE FROM scim_resources WHERE target = $1 AND kind = 'user'", [target]);
}

/** Records what the target was sent of these users (remote id and digest), in one statement. */
export async function saveUsers(
  q: Queryable,
  target: string,
  users: ReadonlyArray<{ userId: number; remoteId: string; digest: string }>,
): Promise<void> {
  if (users.length === 0) return;
  await q.query(
    `INSERT INTO scim_resources (target, kind, local_id, remote_id, sent_digest)
     SELECT $1, 'user', u.local_id, u.remote_id, u.digest
       FROM unnest($2::bigint[], $3::text[], $4::text[]) AS u(local_id, remote_id, digest)
     ON CONFLICT (target, kind, local_id)
       DO UPDATE SET remote_id = EXCLUDED.remote_id, sent_digest = EXCLUDED.sent_digest, updated_at = now()`,
    [target, users.map((u) => u.userId), users.map((u) => u.remoteId), users.map((u) => u.digest)],
  );
}

/** These users are in none of the target's groups (made there just now): their groups name them again. */
export async function forgetMemberships(
  q: Queryable,
  target: string,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await q.query('DELETE FROM scim_group_members WHERE target = $1 AND user_id = ANY($2::bigint[])', [
    target,
    userIds,
  ]);
}

/** These users are no longer at the target: nor in any of its groups there. */
export async function forgetUsers(q: Queryable, target: string, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.query(
    "DELETE FROM scim_resources WHERE target = $1 AND kind = 'user' AND local_id = ANY($2::bigint[])",
    [target, userIds],
  );
  await q.query('DELETE FROM scim_group_members WHERE target = $1 AND user_id = ANY($2::bigint[])', [
    target,
    userIds,
  ]);
}
