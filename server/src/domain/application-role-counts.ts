/** How many roles point at each registry application (the applications lists of spec §2). */
import type { Provider } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';

/** Each provider with `roleCount`: the number of roles that have it among their applications. */
export async function withRoleCounts(q: Queryable, providers: Provider[]): Promise<Provider[]> {
  if (providers.length === 0) return providers;
  const ids = providers.map((provider) => provider.manageId ?? provider.id);
  const { rows } = await q.query<{ manage_id: string; n: number }>(
    `SELECT manage_id, count(DISTINCT role_id)::int AS n FROM application_usages
      WHERE manage_id = ANY($1::text[]) GROUP BY manage_id`,
    [ids],
  );
  const counts = new Map(rows.map((row) => [row.manage_id, Number(row.n)]));
  return providers.map((provider) => ({
    ...provider,
    roleCount: counts.get(provider.manageId ?? provider.id) ?? 0,
  }));
}
