/** The API tokens aggregate (spec §3 API token): every statement on api_tokens and its row shaper. */
import { createHash } from 'node:crypto';
import { audit, type AuditActor } from './audit.store.js';
import type { Queryable } from '../db/types.js';
import { toEpochSeconds } from '../domain/time.js';

/** How API token secrets are stored: sha256, hex. */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

interface TokenRow {
  id: string;
  description: string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  organization_guid: string | null;
  super_user_token: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

const TOKEN_SELECT = `SELECT t.id, t.description, t.owner_id, o.name AS owner_name, o.email AS owner_email,
  t.organization_guid, t.super_user_token, t.created_at, t.last_used_at
  FROM api_tokens t LEFT JOIN users o ON o.id = t.owner_id`;

function toToken(row: TokenRow) {
  return {
    id: Number(row.id),
    description: row.description,
    // The owner as text (its name, else its e-mail), as clients of the established API render it.
    owner: row.owner_id === null ? null : (row.owner_name ?? row.owner_email ?? null),
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    ownerEmail: row.owner_email,
    organizationGUID: row.organization_guid,
    superUserToken: row.super_user_token,
    createdAt: toEpochSeconds(row.created_at) as number,
    lastUsedAt: toEpochSeconds(row.last_used_at) ?? null,
  };
}

export type StoredToken = ReturnType<typeof toToken>;

/** Every token (ownerId null, for a super user) or the owner's own, newest first. */
export async function listTokens(q: Queryable, ownerId: number | null): Promise<StoredToken[]> {
  const { rows } =
    ownerId === null
      ? await q.query<TokenRow>(`${TOKEN_SELECT} ORDER BY t.created_at DESC, t.id`)
      : await q.query<TokenRow>(`${TOKEN_SELECT} WHERE t.owner_id = $1 ORDER BY t.created_at DESC, t.id`, [
          ownerId,
        ]);
  return rows.map(toToken);
}

export async function findToken(q: Queryable, id: number): Promise<StoredToken | null> {
  const { rows } = await q.query<TokenRow>(`${TOKEN_SELECT} WHERE t.id = $1`, [id]);
  return rows[0] ? toToken(rows[0]) : null;
}

/** Stores a token (only the hash of its secret), audited; returns its id. */
export async function insertToken(
  q: Queryable,
  actor: AuditActor,
  token: {
    secret: string;
    description: string;
    ownerId: number;
    organizationGUID: string | null;
    superUserToken: boolean;
  },
): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO api_tokens (hashed_value, description, owner_id, organization_guid, super_user_token)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      hashTokenSecret(token.secret),
      token.description,
      token.ownerId,
      token.organizationGUID,
      token.superUserToken,
    ],
  );
  const tokenId = Number(rows[0].id);
  await audit(q, actor, {
    entityType: 'api_token',
    entityId: tokenId,
    action: 'create',
    after: {
      description: token.description,
      superUserToken: token.superUserToken,
      organizationGUID: token.organizationGUID,
    },
  });
  return tokenId;
}

export async function deleteToken(q: Queryable, actor: AuditActor, token: StoredToken): Promise<void> {
  await q.query('DELETE FROM api_tokens WHERE id = $1', [token.id]);
  await audit(q, actor, {
    entityType: 'api_token',
    entityId: token.id,
    action: 'delete',
    before: { description: token.description, ownerId: token.ownerId },
  });
}

/** What the authentication reads of a token (read with its owner: readTokenWithOwner in users.store.ts). */
export interface AuthTokenRow {
  id: number;
  description: string;
  owner_id: number | null;
  super_user_token: boolean;
  organization_guid: string | null;
  /** Whether its last use was recorded less than a minute ago. */
  used_recently: boolean;
}

/** The SELECT list of an AuthTokenRow over alias `t`, its columns prefixed `token_`. */
export const TOKEN_AUTH_COLUMNS = `t.id AS token_id, t.description AS token_description, t.owner_id AS token_owner_id,
  t.super_user_token AS token_super_user_token, t.organization_guid AS token_organization_guid,
  coalesce(t.last_used_at > now() - interval '1 minute', false) AS token_used_recently`;

/**
 * Records a token's use now, unless it was recorded within the last minute: of the calls that find it due
 * at once, on any instance, one writes.
 */
export async function recordTokenUse(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE api_tokens SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [id],
  );
}
