/**
 * Tidy data (jobs/tidy.job.ts): the SQL that removes users long inactive or long without a membership,
 * and audit rows past their retention. Every removal is audited in the same transaction.
 */
import type { TidiedUser } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import { toEpochSeconds } from '../domain/time.js';
import { audit } from './audit.store.js';
import { deleteInBatches } from './batched-delete.js';

export type TidyUserKind = 'inactive' | 'withoutRoles';
export type { TidiedUser };

/**
 * Which users go. Inactive: no login or request for `days` days, nor a use of an API token of theirs
 * (automation keeps its owner). Without roles: no membership for `days` days; super users and institution
 * admins hold their rights without memberships and stay.
 */
const WHERE: Record<TidyUserKind, string> = {
  inactive: `u.last_activity < now() - make_interval(days => $1::int)
    AND NOT EXISTS (SELECT 1 FROM api_tokens t WHERE t.owner_id = u.id
                    AND t.last_used_at >= now() - make_interval(days => $1::int))`,
  withoutRoles: `u.without_roles_since < now() - make_interval(days => $1::int)
    AND NOT u.super_user AND NOT u.institution_admin
    AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id)`,
};

const BATCH = 500;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Removes the users of `kind` past `days`, a batch at a time, each audited as `user.cleanup` with what
 * it held; answers every removed user.
 */
export async function removeTidyUsers(q: Queryable, kind: TidyUserKind, days: number): Promise<TidiedUser[]> {
  const removed: TidiedUser[] = [];
  for (;;) {
    const { rows } = await q.query<{
      id: string;
      name: string | null;
      email: string | null;
      sub: string;
      last_activity: Date | string;
      memberships: number;
    }>(
      `WITH doomed AS (
         SELECT u.id, (SELECT count(*) FROM user_roles ur WHERE ur.user_id = u.id)::int AS memberships
           FROM users u WHERE ${WHERE[kind]} ORDER BY u.id LIMIT $2)
       DELETE FROM users u USING doomed d WHERE u.id = d.id
       RETURNING u.id, u.name, u.email, u.sub, u.last_activity, d.memberships`,
      [days, BATCH],
    );
    for (const row of rows) {
      await audit(q, null, {
        entityType: 'user',
        entityId: Number(row.id),
        action: 'cleanup',
        before: {
          id: Number(row.id),
          name: row.name,
          email: row.email,
          sub: row.sub,
          memberships: row.memberships,
          reason: kind === 'inactive' ? `inactive for ${days} days` : `without a membership for ${days} days`,
        },
      });
      removed.push({
        id: Number(row.id),
        name: row.name,
        email: row.email,
        lastActivity: toEpochSeconds(row.last_activity),
        memberships: Number(row.memberships),
      });
    }
    if (rows.length < BATCH) return removed;
    await yieldToOthers();
  }
}

/**
 * Removes audit rows older than `days` days, in batches; when any went, one `audit_log.cleanup` row says
 * how many and up to when. Answers the count.
 */
export async function removeOldAuditRows(
  q: Queryable,
  days: number,
): Promise<{ removed: number; before: Date }> {
  const before = new Date(Date.now() - days * 86_400_000);
  const removed = await deleteInBatches(
    q,
    'audit_logs',
    'created_at < $1::timestamptz',
    before.toISOString(),
  );
  if (removed > 0) {
    await audit(q, null, {
      entityType: 'audit_log',
      entityId: null,
      action: 'cleanup',
      after: { removed, before: before.toISOString(), retentionDays: days },
    });
  }
  return { removed, before };
}
