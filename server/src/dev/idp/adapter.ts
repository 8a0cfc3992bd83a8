/**
 * oidc-provider storage in the dev_idp_store table, so every server instance over one database can finish
 * a login another instance started.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/types.js';

interface StoreRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export function dbAdapterFactory(db: Db): new (model: string) => Adapter {
  return class DbAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await db.query(
        `INSERT INTO dev_idp_store (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        ],
      );
    }

    private async findWhere(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<StoreRow>(
        `SELECT payload, consumed_at FROM dev_idp_store
          WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query('UPDATE dev_idp_store SET consumed_at = now() WHERE model = $1 AND id = $2', [
        this.model,
        id,
      ]);
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM dev_idp_store WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM dev_idp_store WHERE grant_id = $1', [grantId]);
    }
  };
}
