/**
 * Users as the users search lists them (GET users/search, the super user's users tab), kept as their JSON
 * text between requests while nothing can have changed them (text-memo.ts); the search statement reads only
 * its page's ids (user-search.store.ts searchUserIds).
 */
import fastJson from 'fast-json-stringify';
import { isValidAuthority, strongerAuthority, type Authority } from 'shared-auth/rules';
import { userListItemSchema } from '../auth/user-schemas.js';
import type { ChangeClock } from '../db/change-clock.js';
import { queryJsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import {
  searchUserIds,
  searchUsers,
  USER_SEARCH_SELECT,
  type UserSearchQuery,
  type UserSearchRow,
} from './user-search.store.js';
import { listItem } from './user.rows.js';
import { keepTexts, keptTexts, textMemo } from './text-memo.js';

/** Writes one user of a search page, as the route's response schema would. */
const listedUserJson = fastJson(userListItemSchema);

/** A user of a search page: the list item, and the highest authority the user holds (spec §4). */
function searchedUser(row: UserSearchRow) {
  const authority = row.authorities
    .filter(isValidAuthority)
    .reduce<Authority | null>((held, a) => (held ? strongerAuthority(held, a) : a), null);
  return authority ? { ...listItem(row), authority } : listItem(row);
}

/** Users written for a search page, each with its id. */
const written = (rows: UserSearchRow[]) =>
  rows.map((row) => ({ id: Number(row.id), json: listedUserJson(searchedUser(row)), until: Infinity }));

/**
 * The users with these ids as the users search lists them, each as its JSON text (userListItemSchema), in
 * the order of `ids`; an id whose user is gone (deleted since the page was read) is left out.
 */
export function listedUsers(q: Queryable, clock: ChangeClock, ids: readonly number[]): Promise<string[]> {
  return keptTexts(textMemo(clock, 'users'), clock, null, ids, async (missing) =>
    written(
      await queryJsonRows<UserSearchRow>(
        q,
        `${USER_SEARCH_SELECT} WHERE u.id = ANY($1::bigint[])`,
        [missing],
        {
          prepare: true,
        },
      ),
    ),
  );
}

/**
 * A page of the users search as their JSON texts, and its total. While the memo holds texts of this moment
 * the search reads the page's ids only, and the texts come from the memo (listedUsers); otherwise (after
 * any change) the search reads the page's rows with its own statements, and their texts are kept.
 */
export async function searchListedUsers(
  q: Queryable,
  clock: ChangeClock,
  query: UserSearchQuery,
): Promise<{ texts: string[]; total: number }> {
  const memo = textMemo(clock, 'users');
  // The reading from before the read: a change committed while it runs leaves what it read stale.
  const reading = clock.reading;
  if (memo.warm(reading)) {
    const { ids, total } = await searchUserIds(q, query);
    return { texts: await listedUsers(q, clock, ids), total };
  }
  const { rows, total } = await searchUsers(q, query);
  return { texts: keepTexts(memo, reading, null, written(rows)), total };
}
