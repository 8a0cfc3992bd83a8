/**
 * The planner's SQL: turns the changes the triggers recorded (provisioning_changes, migration 020) into
 * queue rows, one per target and resource a change may concern. What is due is decided here; sending it is
 * the delivery loop's (provisioning-queue.store.ts, scim-bookkeeping.store.ts).
 */
import type { Queryable } from '../db/types.js';
import { GUEST } from './provisioning-sql.js';
import { sentTo, setAsideSent } from './scim-bookkeeping.store.js';

/** A target as the planner sees it: which applications it provisions, and whether it takes groups. */
export interface PlannedTarget {
  id: string;
  applications: readonly string[];
  groups: boolean;
}

/**
 * A queue row asked for again: a new seq (a delivery under way sends again); a row waiting out a backoff
 * keeps it, a failed one is tried afresh.
 */
const BUMPED = `seq = EXCLUDED.seq, status = 'waiting',
  attempts = CASE WHEN provisioning_queue.status = 'failed' THEN 0 ELSE provisioning_queue.attempts END,
  next_attempt_at = CASE WHEN provisioning_queue.status = 'failed' THEN now() ELSE provisioning_queue.next_attempt_at END,
  updated_at = now()`;

/**
 * Turns the recorded changes into deliveries, in the caller's transaction: takes up to `limit` changes
 * (deleting them) and writes one queue row per target and resource they may concern. Answers how many
 * changes it took (0: none left).
 */
export async function planChanges(
  q: Queryable,
  targets: readonly PlannedTarget[],
  limit: number,
): Promise<number> {
  const { rows } = await q.query<{ kind: string; local_id: string }>(
    `DELETE FROM provisioning_changes WHERE id IN (
       SELECT id FROM provisioning_changes ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING kind, local_id`,
    [limit],
    { prepare: true },
  );
  if (rows.length === 0) return 0;
  const groups = new Set<string>();
  const members = new Set<string>();
  const users = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'user') users.add(row.local_id);
    else {
      groups.add(row.local_id);
      if (row.kind === 'members') members.add(row.local_id);
    }
  }
  await enqueue(q, targets, [...groups], [...members], [...users]);
  return rows.length;
}

/**
 * Queue rows for these roles' groups, these roles' members (their applications changed) and these users,
 * at every target they concern now (by their applications) or did (by what was delivered). A row already
 * waiting gets a new seq: a delivery under way sends again. Users first: a group names only members the
 * target already holds.
 */
export async function enqueue(
  q: Queryable,
  targets: readonly PlannedTarget[],
  groupRoleIds: readonly string[],
  memberRoleIds: readonly string[],
  userIds: readonly string[],
): Promise<number> {
  const targetIds: string[] = [];
  const manageIds: string[] = [];
  for (const t of targets) {
    for (const app of t.applications) {
      targetIds.push(t.id);
      manageIds.push(app);
    }
  }
  const groupTargets = targets.filter((t) => t.groups).map((t) => t.id);
  const { rowCount } = await q.query(
    `WITH t(target, manage_id) AS (SELECT * FROM unnest($1::text[], $2::text[])),
     wanted AS (
       SELECT t.target, 'group' AS kind, au.role_id AS local_id
         FROM application_usages au JOIN t ON t.manage_id = au.manage_id
        WHERE au.role_id = ANY($4::bigint[]) AND t.target = ANY($3::text[])
       UNION
       SELECT target, 'group', local_id FROM scim_resources WHERE kind = 'group' AND local_id = ANY($4::bigint[])
       UNION
       SELECT t.target, 'user', ur.user_id
         FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
         JOIN t ON t.manage_id = au.manage_id
        WHERE (ur.user_id = ANY($6::bigint[]) OR ur.role_id = ANY($5::bigint[])) AND ${GUEST}
       UNION
       SELECT target, 'user', local_id FROM scim_resources WHERE kind = 'user' AND local_id = ANY($6::bigint[])
       UNION
       SELECT sr.target, 'user', ur.user_id
         FROM user_roles ur JOIN scim_resources sr ON sr.kind = 'user' AND sr.local_id = ur.user_id
        WHERE ur.role_id = ANY($5::bigint[])
       UNION
       SELECT target, 'user', user_id FROM scim_group_members WHERE role_id = ANY($5::bigint[])
     )
     INSERT INTO provisioning_queue (target, kind, local_id, seq)
     SELECT target, kind, local_id, nextval('provisioning_queue_seq')
       FROM (SELECT * FROM wanted ORDER BY kind DESC, target, local_id) w
     ON CONFLICT (target, kind, local_id) DO UPDATE SET ${BUMPED}`,
    [targetIds, manageIds, groupTargets, groupRoleIds, memberRoleIds, userIds],
    { prepare: true },
  );
  return rowCount;
}

/**
 * Everything a target should hold, sent again whole (a full resync): its groups and users, and whatever it
 * was sent before. What was recorded as sent is set aside first, so that each user is replaced (made again
 * when the target lost it) and each group gets every member again.
 */
export async function enqueueWholeTarget(q: Queryable, target: PlannedTarget): Promise<number> {
  await setAsideSent(q, target.id);
  const { rows } = await q.query<{ role_id: string }>(
    'SELECT DISTINCT role_id FROM application_usages WHERE manage_id = ANY($1::text[])',
    [target.applications],
  );
  const roleIds = new Set(rows.map((r) => r.role_id));
  const userIds = new Set<string>();
  for (const k of await sentTo(q, target.id)) (k.kind === 'group' ? roleIds : userIds).add(k.localId);
  return enqueue(q, [target], [...roleIds], [...roleIds], [...userIds]);
}

/**
 * Users were made (or made again) at the target: the groups there of the roles they hold as a guest are
 * delivered again, now naming them.
 */
export async function enqueueGroupsOf(
  q: Queryable,
  target: PlannedTarget,
  userIds: readonly number[],
): Promise<void> {
  if (!target.groups || userIds.length === 0) return;
  await q.query(
    `INSERT INTO provisioning_queue (target, kind, local_id, seq)
     SELECT $1, 'group', role_id, nextval('provisioning_queue_seq') FROM (
       SELECT DISTINCT ur.role_id
         FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
        WHERE ur.user_id = ANY($2::bigint[]) AND au.manage_id = ANY($3::text[]) AND ${GUEST}
        ORDER BY ur.role_id) r
     ON CONFLICT (target, kind, local_id) DO UPDATE SET ${BUMPED}`,
    [target.id, userIds, target.applications],
    { prepare: true },
  );
}
