/**
 * Microsoft Graph invitations (migration 034): the redeem link of each guest's invitation at a Graph
 * provisioning, until they come back through /api/v1/users/ms-accept-return. The remote user's id is in
 * scim_resources like any target's user.
 */
import type { Queryable } from '../db/types.js';

export interface GraphInvitation {
  target: string;
  redeemUrl: string;
  redeemedAt: Date | null;
}

export async function saveGraphInvitation(
  q: Queryable,
  target: string,
  userId: number,
  remoteId: string,
  redeemUrl: string,
): Promise<void> {
  await q.query(
    `INSERT INTO graph_invitations (target, user_id, remote_id, redeem_url) VALUES ($1, $2, $3, $4)
     ON CONFLICT (target, user_id) DO UPDATE SET remote_id = EXCLUDED.remote_id, redeem_url = EXCLUDED.redeem_url,
       redeemed_at = NULL, created_at = now()`,
    [target, userId, remoteId, redeemUrl],
  );
}

export async function forgetGraphInvitation(q: Queryable, target: string, userId: number): Promise<void> {
  await q.query('DELETE FROM graph_invitations WHERE target = $1 AND user_id = $2', [target, userId]);
}

/** Every invitation at the target forgotten (a development Graph service restarted). */
export async function forgetGraphInvitationsAt(q: Queryable, target: string): Promise<void> {
  await q.query('DELETE FROM graph_invitations WHERE target = $1', [target]);
}

/** Marks the guest's invitation at the target redeemed; false when they have none there. */
export async function markGraphRedeemed(q: Queryable, target: string, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE graph_invitations SET redeemed_at = coalesce(redeemed_at, now()) WHERE target = $1 AND user_id = $2`,
    [target, userId],
  );
  return rowCount > 0;
}

/** The person's Graph invitations, open ones first. */
export async function graphInvitationsOf(q: Queryable, userId: number): Promise<GraphInvitation[]> {
  const { rows } = await q.query<{ target: string; redeem_url: string; redeemed_at: Date | string | null }>(
    `SELECT target, redeem_url, redeemed_at FROM graph_invitations WHERE user_id = $1
      ORDER BY redeemed_at IS NOT NULL, created_at`,
    [userId],
  );
  return rows.map((r) => ({
    target: r.target,
    redeemUrl: r.redeem_url,
    redeemedAt: r.redeemed_at === null ? null : new Date(r.redeemed_at),
  }));
}
