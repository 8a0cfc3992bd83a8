/**
 * Invitations as search pages list them, kept as their JSON text between requests while nothing can have
 * changed them (text-memo.ts): with the registry's applications their roles were shaped with, and an open
 * invitation only until its expiry date (its status then changes by itself). A search statement reads only
 * its page's ids (invitations.store.ts searchInvitations).
 *
 * What it spares each page of ten (performance seed, PGlite): the statement read ten rows with their
 * inviters and role links as JSON (about 480 µs of the database thread against 140 for the ids alone), and
 * the server's thread parsed them, shaped them and wrote them as JSON again (about a fifth of its time).
 */
import fastJson from 'fast-json-stringify';
import type { ApplicationMap } from 'shared-auth/rules';
import type { ChangeClock } from '../db/change-clock.js';
import { queryJsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import { listedInvitationSchema } from '../domain/schemas.js';
import type { Registry } from '../registry/registry.js';
import { toInvitation, type ApiInvitation } from './invitation.rows.js';
import { SEARCHED_SELECT, type SearchedInvitationRow } from './invitations.store.js';
import { roleRowsById, shapedRole } from './role-memo.js';
import { keptTexts, textMemo } from './text-memo.js';

/** Writes one invitation of a search page, as the route's response schema would. */
const listedInvitationJson = fastJson(listedInvitationSchema);

/** Until when an invitation as shaped now shows the same: an open one until its expiry date. */
function unchangedUntil(invitation: ApiInvitation): number {
  return invitation.status === 'OPEN' ? invitation.expiryDate * 1000 : Infinity;
}

/**
 * Invitations shaped for a search page. Their roles (without member counts, which nobody reads in an
 * invitation list) come from the role memo (role-memo.ts); the route sends their summaries
 * (roleSummarySchema in domain/schemas.ts).
 */
async function shapeInvitations(
  q: Queryable,
  clock: ChangeClock,
  known: ReadonlyMap<string, ApplicationMap>,
  rows: SearchedInvitationRow[],
): Promise<ApiInvitation[]> {
  const roleIds = rows.flatMap((row) => (row.invitation_roles ?? []).map((link) => Number(link.roleId)));
  const roleRows = await roleRowsById(q, clock, roleIds);
  const byId = new Map([...roleRows].map(([id, row]) => [id, shapedRole(row, known)] as const));
  return rows.map((row) => toInvitation(row, byId));
}

/**
 * The invitations with these ids as a search page lists them, each as its JSON text (listedInvitationSchema),
 * in the order of `ids`; an id whose invitation is gone (withdrawn since the page was read) is left out.
 */
export async function listedInvitations(
  q: Queryable,
  clock: ChangeClock,
  registry: Registry,
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = await registry.applicationMaps();
  return keptTexts(textMemo(clock, 'invitations'), clock, known, ids, async (missing) => {
    const rows = await queryJsonRows<SearchedInvitationRow>(
      q,
      `${SEARCHED_SELECT} WHERE i.id = ANY($1::bigint[])`,
      [missing],
      { prepare: true },
    );
    return (await shapeInvitations(q, clock, known, rows)).map((invitation) => ({
      id: invitation.id,
      json: listedInvitationJson(invitation),
      until: unchangedUntil(invitation),
    }));
  });
}
