/**
 * Invitations as search pages list them, kept as their JSON text between requests while nothing can have
 * changed them: each with the change clock's reading from before it was read (db/change-clock.ts) and the
 * registry's applications its roles were shaped with, used while both are the same. A search statement then
 * reads only its page's ids (invitations.store.ts searchInvitations); the rows of the ids not kept are read
 * in one more statement, shaped and written once.
 *
 * What it spares each page of ten (performance seed, PGlite): the statement read ten rows with their
 * inviters and role links as JSON (about 480 µs of the database thread against 140 for the ids alone), and
 * the server's thread parsed them, shaped them and wrote them as JSON again (about a fifth of its time).
 *
 * An invitation's status depends on the time (an open one expires): a kept text is used only until its
 * expiry date.
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

/** How many invitations are kept at most (a text is about 900 bytes). */
export const INVITATION_MEMO_SIZE = 10_000;

/** Writes one invitation of a search page, as the route's response schema would. */
const listedInvitationJson = fastJson(listedInvitationSchema);

interface Kept {
  json: string;
  known: ReadonlyMap<string, ApplicationMap>;
  /** Used before this time (ms) only: when the invitation's status may change by itself. */
  until: number;
}

export class InvitationMemo {
  private readonly kept = new Map<number, Kept>();
  /** The reading every kept text was read at: a newer one drops them all (none can be used again). */
  private reading: number | null = null;

  constructor(private readonly size = INVITATION_MEMO_SIZE) {}

  /** The text kept for this invitation at this reading, these applications and this time, if any. */
  get(
    id: number,
    reading: number | null,
    known: ReadonlyMap<string, ApplicationMap>,
    now: number,
  ): string | undefined {
    if (reading === null || reading !== this.reading) return undefined;
    const entry = this.kept.get(id);
    if (!entry || entry.known !== known || now >= entry.until) return undefined;
    return entry.json;
  }

  /** Keeps a text read while the clock read `reading` (nothing while it reads null, or an older reading). */
  set(id: number, entry: Kept, reading: number | null): void {
    if (reading === null || (this.reading !== null && reading < this.reading)) return;
    if (reading !== this.reading) {
      this.kept.clear();
      this.reading = reading;
    }
    this.kept.delete(id);
    this.kept.set(id, entry);
    // The oldest go first (a Map keeps the order of insertion).
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value as number);
  }
}

/** One memo per database (per clock): a process may open several (the tests do). */
const memos = new WeakMap<ChangeClock, InvitationMemo>();

function invitationMemo(clock: ChangeClock): InvitationMemo {
  let memo = memos.get(clock);
  if (!memo) memos.set(clock, (memo = new InvitationMemo()));
  return memo;
}

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
  const memo = invitationMemo(clock);
  // The reading from before the read: a change committed while it runs leaves what it read stale.
  const reading = clock.reading;
  const known = await registry.applicationMaps();
  const now = Date.now();
  const texts = new Map<number, string>();
  const missing: number[] = [];
  for (const id of ids) {
    const json = memo.get(id, reading, known, now);
    if (json === undefined) missing.push(id);
    else texts.set(id, json);
  }
  if (missing.length > 0) {
    const rows = await queryJsonRows<SearchedInvitationRow>(
      q,
      `${SEARCHED_SELECT} WHERE i.id = ANY($1::bigint[])`,
      [missing],
      { prepare: true },
    );
    for (const invitation of await shapeInvitations(q, clock, known, rows)) {
      const json = listedInvitationJson(invitation);
      texts.set(invitation.id, json);
      memo.set(invitation.id, { json, known, until: unchangedUntil(invitation) }, reading);
    }
  }
  return ids.flatMap((id) => texts.get(id) ?? []);
}
