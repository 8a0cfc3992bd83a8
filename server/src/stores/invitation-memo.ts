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
import {
  searchInvitations,
  SEARCHED_SELECT,
  type InvitationSearch,
  type SearchedInvitationRow,
} from './invitations.store.js';
import { roleRowsById, shapedRole } from './role-memo.js';
import { keepTexts, keptTexts, textMemo } from './text-memo.js';

/** Writes one invitation of a search page, as the route's response schema would. */
const listedInvitationJson = fastJson(listedInvitationSchema);

/** Until when an invitation as shaped now shows the same: an open one until its expiry date. */
function unchangedUntil(invitation: ApiInvitation): number {
  return invitation.status === 'OPEN' ? invitation.expiryDate * 1000 : Infinity;
}

/**
 * Invitations written for a search page, each with its id and until when it shows the same. Their roles
 * (without member counts, which nobody reads in an invitation list) come from the role memo (role-memo.ts);
 * the route sends their summaries (roleSummarySchema in domain/schemas.ts).
 */
async function written(
  q: Queryable,
  clock: ChangeClock,
  known: ReadonlyMap<string, ApplicationMap>,
  rows: SearchedInvitationRow[],
): Promise<Array<{ id: number; json: string; until: number }>> {
  const roleIds = rows.flatMap((row) => (row.invitation_roles ?? []).map((link) => Number(link.roleId)));
  const roleRows = await roleRowsById(q, clock, roleIds);
  const byId = new Map([...roleRows].map(([id, row]) => [id, shapedRole(row, known)] as const));
  return rows.map((row) => {
    const invitation = toInvitation(row, byId);
    return { id: invitation.id, json: listedInvitationJson(invitation), until: unchangedUntil(invitation) };
  });
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
    return written(q, clock, known, rows);
  });
}

/**
 * A search page of invitations as their JSON texts, and its total. While the memo holds texts of this
 * moment the search reads the page's ids only, and the texts come from the memo (listedInvitations);
 * otherwise (after any change) the search's own statement reads the page's rows too, as one statement,
 * and their texts are kept.
 */
export async function searchListedInvitations(
  q: Queryable,
  clock: ChangeClock,
  registry: Registry,
  search: InvitationSearch,
): Promise<{ texts: string[]; total: number }> {
  const memo = textMemo(clock, 'invitations');
  // The reading from before the read: a change committed while it runs leaves what it read stale.
  const reading = clock.reading;
  const { ids, rows, total } = await searchInvitations(q, search, !memo.warm(reading));
  if (!rows) return { texts: await listedInvitations(q, clock, registry, ids), total };
  const known = await registry.applicationMaps();
  return { texts: keepTexts(memo, reading, known, await written(q, clock, known, rows)), total };
}
