/**
 * Rows kept between requests as the JSON text a list sends of them, while nothing can have changed them:
 * each with the change clock's reading from before it was read (db/change-clock.ts) and what else it was
 * shaped with (`basis`, compared by identity: the registry's applications, say), used while both are the
 * same. A list's statement then reads only its page's ids; the rows of the ids not kept are read in one
 * more statement, shaped and written once (invitation-memo.ts, user-memo.ts).
 */
import type { ChangeClock } from '../db/change-clock.js';

/** How many texts a memo keeps at most (a text is a few hundred bytes to a kilobyte). */
export const TEXT_MEMO_SIZE = 10_000;

export interface KeptText {
  json: string;
  basis: unknown;
  /** Used before this time (ms) only: when what it shows may change by itself (an expiry). */
  until: number;
}

export class TextMemo {
  private readonly kept = new Map<number, KeptText>();
  /** The reading every kept text was read at: a newer one drops them all (none can be used again). */
  private reading: number | null = null;

  constructor(private readonly size = TEXT_MEMO_SIZE) {}

  /** The text kept for this id at this reading, with this basis and at this time, if any. */
  get(id: number, reading: number | null, basis: unknown, now: number): string | undefined {
    if (reading === null || reading !== this.reading) return undefined;
    const entry = this.kept.get(id);
    if (!entry || entry.basis !== basis || now >= entry.until) return undefined;
    return entry.json;
  }

  /**
   * Whether texts were kept at this reading: whether a page is likely to find its items here, or should
   * rather read them with its own statement (and keep them).
   */
  warm(reading: number | null): boolean {
    return reading !== null && reading === this.reading && this.kept.size > 0;
  }

  /** Keeps a text read while the clock read `reading` (nothing while it reads null, or an older reading). */
  set(id: number, entry: KeptText, reading: number | null): void {
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

/** One memo per database (per clock) and list: a process may open several databases (the tests do). */
const memos = new WeakMap<ChangeClock, Map<string, TextMemo>>();

/** The memo of texts of one list (`name`) of the database this clock watches. */
export function textMemo(clock: ChangeClock, name: string): TextMemo {
  let lists = memos.get(clock);
  if (!lists) memos.set(clock, (lists = new Map()));
  let memo = lists.get(name);
  if (!memo) lists.set(name, (memo = new TextMemo()));
  return memo;
}

/**
 * The texts of these ids, in the order of `ids`, from the memo where it holds them at the clock's reading;
 * the others from `read` (which gets the missing ids, and answers each found one's id, text and `until`),
 * and kept. An id `read` does not find (gone since the page was read) is left out. `finish` makes the text
 * sent of a kept one (adds what is read with the ids, never kept).
 */
export async function keptTexts(
  memo: TextMemo,
  clock: ChangeClock,
  basis: unknown,
  ids: readonly number[],
  read: (missing: number[]) => Promise<Array<{ id: number; json: string; until: number }>>,
  finish?: (json: string, index: number) => string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  // The reading from before the read: a change committed while it runs leaves what it read stale.
  const reading = clock.reading;
  const now = Date.now();
  const texts = new Map<number, string>();
  const missing: number[] = [];
  for (const id of ids) {
    const json = memo.get(id, reading, basis, now);
    if (json === undefined) missing.push(id);
    else texts.set(id, json);
  }
  if (missing.length > 0) {
    const found = await read(missing);
    keepTexts(memo, reading, basis, found);
    for (const { id, json } of found) texts.set(id, json);
  }
  return ids.flatMap((id, index) => {
    const json = texts.get(id);
    if (json === undefined) return [];
    return finish ? finish(json, index) : json;
  });
}

/**
 * Keeps texts written from rows a list read itself while the clock read `reading` (taken before the
 * read); answers the texts, in their order.
 */
export function keepTexts(
  memo: TextMemo,
  reading: number | null,
  basis: unknown,
  written: ReadonlyArray<{ id: number; json: string; until: number }>,
): string[] {
  return written.map(({ id, json, until }) => {
    memo.set(id, { json, basis, until }, reading);
    return json;
  });
}
