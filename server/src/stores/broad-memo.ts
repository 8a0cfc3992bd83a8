/**
 * Searches found to match more than COUNT_CAP rows, by their conditions (not their page or order), with
 * when that was found. For BROAD_MEMO_MS such a search answers its total ("more than COUNT_CAP") without
 * counting again: paging and sorting a broad result, or many people asking for the same one, do not each
 * read COUNT_CAP + 1 matching rows first. The page itself is always read anew. A broad search falls below
 * the cap only when rows go (or change status): the stores that take rows away forget every memo of
 * their table; anything else (another server on the same database, or a search running while the
 * deleting transaction commits) is at most BROAD_MEMO_MS behind, and only in the total.
 */
export const BROAD_MEMO_MS = 10_000;
const MEMO_SIZE = 500;

export interface BroadMemo {
  /** Whether the search with these conditions matched more than COUNT_CAP rows less than BROAD_MEMO_MS ago. */
  isBroad(conditions: string, params: readonly unknown[]): boolean;
  /** Records that the search matched more than COUNT_CAP rows now. */
  remember(conditions: string, params: readonly unknown[]): void;
  /** After rows were taken away: every search counts again. */
  forget(): void;
}

export function broadMemo(): BroadMemo {
  const found = new Map<string, number>();
  const keyOf = (conditions: string, params: readonly unknown[]) => JSON.stringify([conditions, params]);
  return {
    isBroad(conditions, params) {
      const key = keyOf(conditions, params);
      const at = found.get(key);
      if (at === undefined) return false;
      if (Date.now() - at < BROAD_MEMO_MS) return true;
      found.delete(key);
      return false;
    },
    remember(conditions, params) {
      const key = keyOf(conditions, params);
      found.delete(key);
      found.set(key, Date.now());
      // The oldest goes first (a Map keeps the order of insertion).
      if (found.size > MEMO_SIZE) found.delete(found.keys().next().value!);
    },
    forget() {
      found.clear();
    },
  };
}

/** User searches (user-search.store.ts); forgotten when users or roles are deleted. */
export const broadUserSearches = broadMemo();
/** Invitation searches (invitations.store.ts); forgotten when invitations or roles go, or one is accepted. */
export const broadInvitationSearches = broadMemo();
