/** Rows written straight into the database for the plumbing tests. */
import type { FastifyInstance } from 'fastify';
import type { Authority } from 'shared-auth/rules';

let roleCounter = 0;

/** A role using the given registry applications; returns its id. */
export async function createRole(
  app: FastifyInstance,
  name: string,
  manageIds: string[] = ['app-wiki'],
): Promise<number> {
  roleCounter += 1;
  const shortName = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${roleCounter}`;
  const { rows } = await app.db.query<{ id: number }>(
    `INSERT INTO roles (name, short_name, urn, description) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, shortName, `urn:test:${shortName}`, `${name} description`],
  );
  for (const manageId of manageIds) {
    await app.db.query(
      `INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page) VALUES ($1, $2, 'saml20_sp', $3)`,
      [rows[0].id, manageId, `https://${manageId}.example.org`],
    );
  }
  return rows[0].id;
}

export async function grantRole(
  app: FastifyInstance,
  userId: number,
  roleId: number,
  authority: Authority,
): Promise<number> {
  const { rows } = await app.db.query<{ id: number }>(
    `INSERT INTO user_roles (user_id, role_id, authority) VALUES ($1, $2, $3) RETURNING id`,
    [userId, roleId, authority],
  );
  return rows[0].id;
}
