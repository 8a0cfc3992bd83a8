/**
 * How common the words of a search text are, read from the statistics PostgreSQL keeps for its planner
 * (pg_stats: the most common elements of a table's `search_words`, migrations 008 and 009).
 *
 * A text search is planned for its text (its words folded into the statement) so that the planner can
 * choose: the word index for a narrow text, the order index for a broad one, which stops after a page.
 * That planning costs more than running a narrow search (users ~0.1 ms of ~0.35; invitations, whose text
 * is also looked up among the inviters, ~0.45 ms of ~0.65, measured in process on the performance seed).
 * A text these statistics call narrow is searched instead by a statement planned once (prepared, its word
 * query a parameter, built here: narrowWordQuery), whose plan reads the word index: the plan the planner
 * would have chosen, from the same statistics. The index is asked for the query's rarer words only; the
 * rows it finds are tested for all of them. Any other text, or any text while there are no statistics, is
 * planned for itself, as before.
 *
 * The words are split here as user_search_query splits them (lower case, runs of letters and digits).
 * Where the two differ (letters outside ASCII, in some database locales), an estimate may be off; the
 * answer never is, as both statements find the same rows. A narrow guess that turns out broad (more than
 * COUNT_CAP matches) costs that one search a read of the word index; the broad memo then takes over.
 */
import type { Queryable } from '../db/types.js';
import { COUNT_CAP } from '../domain/paging.js';

/** Statistics older than this are read again (PostgreSQL's autovacuum refreshes them now and then). */
export const WORD_STATISTICS_MS = 60_000;
/** PostgreSQL's estimate for a word it has no statistics for (DEFAULT_TS_MATCH_SEL in ts_selfuncs.c). */
const DEFAULT_WORD_FREQUENCY = 0.005;

/** What the statistics say about one table's words. */
export interface WordFrequencies {
  /** Rows in the table, as last counted by ANALYZE or VACUUM. */
  rows: number;
  /** The most common words, each with the fraction of the rows with words that hold it. */
  common: ReadonlyMap<string, number>;
  /** The fraction of rows without words (NULL: an invitation without an inviter); none when absent. */
  withoutWords?: number;
}

/** The words of a search text as user_search_query (migration 008) splits them. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** One condition of a text's word query: a whole word, or the last word whole or begun. */
interface WordTerm {
  /** In tsquery syntax. */
  query: string;
  /**
   * What the word index is asked for it, when that is less: the last word only begun ('w':* finds every
   * row that 'w' | 'w':* does, with one lookup in the index instead of two; the rows found are still
   * tested for `query`).
   */
  indexedQuery?: string;
  /** The fraction of rows estimated to hold it. */
  fraction: number;
}

/**
 * The terms of a text's word query, each with the fraction of rows estimated to match it as the planner
 * does: a word that is not among the most common held by at most half the least common of those (or
 * DEFAULT_WORD_FREQUENCY, if less); the last word whole or as a prefix.
 */
function wordTerms(words: readonly string[], stats: WordFrequencies): WordTerm[] {
  if (words.length === 0) return [];
  const { rare, prefixSum } = commonWordsOf(stats);
  const whole = (word: string) => stats.common.get(word) ?? rare;
  const prefix = (start: string) => Math.min(1, Math.max(rare, prefixSum(start)));
  const last = words[words.length - 1];
  const exact = whole(last);
  const begun = prefix(last);
  return [
    ...words.slice(0, -1).map((word) => ({ query: `'${word}'`, fraction: whole(word) })),
    {
      query: `( '${last}' | '${last}':* )`,
      indexedQuery: `'${last}':*`,
      fraction: exact + begun - exact * begun,
    },
  ];
}

/** What every search weighs its words by, worked out once per reading of the statistics. */
interface CommonWords {
  /** The fraction of rows estimated to hold a word that is not among the most common (wordTerms). */
  rare: number;
  /** The summed fractions of the most common words that begin with `start`. */
  prefixSum(start: string): number;
}

const commonWords = new WeakMap<WordFrequencies, CommonWords>();

/**
 * The most common words (up to a thousand) sorted, with running sums of their fractions: the words a
 * prefix begins are one run of them, found by two binary searches instead of a pass over all of them in
 * every search (two passes per column, four for an invitation search).
 */
function commonWordsOf(stats: WordFrequencies): CommonWords {
  const kept = commonWords.get(stats);
  if (kept) return kept;
  const sorted = [...stats.common].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const words = sorted.map(([word]) => word);
  const sums = [0];
  let least = 1;
  for (const [, frequency] of sorted) {
    sums.push(sums[sums.length - 1] + frequency);
    least = Math.min(least, frequency);
  }
  /** The index of the first word not before `word`. */
  const firstFrom = (word: string) => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle] < word) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const made: CommonWords = {
    rare: Math.min(DEFAULT_WORD_FREQUENCY, least / 2),
    prefixSum(start) {
      // The words beginning with `start` sort from it to about start + U+FFFF (the loop takes any that
      // go on with U+FFFF itself).
      const from = firstFrom(start);
      let to = firstFrom(`${start}\uffff`);
      while (to < words.length && words[to].startsWith(start)) to++;
      return sums[to] - sums[from];
    },
  };
  commonWords.set(stats, made);
  return made;
}

/**
 * The fraction of rows a text matches, estimated as the planner does (wordTerms), its words independent
 * of each other.
 */
export function estimatedFraction(text: string, stats: WordFrequencies): number {
  return fractionOf(wordTerms(searchWords(text), stats), stats);
}

function fractionOf(terms: readonly WordTerm[], stats: WordFrequencies): number {
  if (terms.length === 0) return 0;
  return (1 - (stats.withoutWords ?? 0)) * terms.reduce((fraction, term) => fraction * term.fraction, 1);
}

/**
 * A term held by more than this fraction of the rows is not looked up in the word index but tested on the
 * rows the other terms found: the performance seed's "perf" and "user", which every user holds, made a
 * narrow search's index scan walk two lists of every user (0.15 ms of the statement's 0.43 on PGlite).
 */
const INDEXED_FRACTION = 0.25;

/** A narrow text's word query, and the part of it read from the word index. */
export interface NarrowWordQuery {
  /** The whole query, in tsquery syntax: what a matching row holds. */
  words: string;
  /** Its rarer terms (at least the rarest), in tsquery syntax: what the word index is asked. */
  indexed: string;
}

/**
 * The text's word query as user_search_query (migrations 008, 015) builds it, with the part of it worth
 * reading from the word index (INDEXED_FRACTION). Only for a text of ASCII characters: the database splits
 * and lower-cases other letters by its locale, which this cannot follow; null then (and for a text
 * without words).
 */
export function narrowWordQuery(text: string, stats: WordFrequencies): NarrowWordQuery | null {
  if (!ASCII.test(text)) return null;
  return queryOf(wordTerms(searchWords(text), stats));
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

function queryOf(terms: readonly WordTerm[]): NarrowWordQuery | null {
  if (terms.length === 0) return null;
  const rarest = terms.reduce((a, b) => (b.fraction < a.fraction ? b : a));
  const indexed = terms.filter((term) => term === rarest || term.fraction <= INDEXED_FRACTION);
  return {
    words: terms.map((term) => term.query).join(' & '),
    indexed: indexed.map((term) => term.indexedQuery ?? term.query).join(' & '),
  };
}

/**
 * Whether a plan reading the word index suits the text whatever its words:
 * - `alone` (the text is the search's only condition): whether the word index is the cheaper way to the
 *   text's first COUNT_CAP + 1 matches. Reading the index costs about as many rows as match (fraction ×
 *   rows); reading the table in order until COUNT_CAP + 1 have matched, about COUNT_CAP / fraction rows.
 * - with other conditions (a role, a scope, a status), which may select fewer rows than the text and which
 *   a plan for the text could read first: only when the text is expected to match at most COUNT_CAP rows,
 *   so that reading them from the word index stays cheap whatever the other conditions select.
 */
export function looksNarrow(text: string, stats: WordFrequencies, alone: boolean): boolean {
  return looksNarrowIn(text, [stats], alone);
}

/**
 * looksNarrow for a text matched against several word columns of one table (a row matches when any of
 * them does: an invitation's address, its inviter): the fractions added up, as for an OR.
 */
export function looksNarrowIn(text: string, columns: readonly WordFrequencies[], alone: boolean): boolean {
  const words = searchWords(text);
  return fitsNarrow(
    columns.map((stats) => wordTerms(words, stats)),
    columns,
    alone,
  );
}

/** Whether the terms of a text, weighed in each of the columns (looksNarrowIn), make it narrow. */
function fitsNarrow(
  termsOf: readonly WordTerm[][],
  columns: readonly WordFrequencies[],
  alone: boolean,
): boolean {
  if (columns.length === 0) return false;
  const fraction = Math.min(
    1,
    termsOf.reduce((sum, terms, i) => sum + fractionOf(terms, columns[i]), 0),
  );
  return (alone ? fraction : 1) * fraction * columns[0].rows <= COUNT_CAP;
}

/**
 * For a text the statistics of its word columns call narrow together (looksNarrowIn), its word query for
 * each column (narrowWordQuery), in their order; null for any other text. Each column's terms are weighed
 * once.
 */
export function narrowQueriesIn(
  text: string,
  columns: readonly WordFrequencies[],
  alone: boolean,
): NarrowWordQuery[] | null {
  if (!ASCII.test(text)) return null;
  const words = searchWords(text);
  const termsOf = columns.map((stats) => wordTerms(words, stats));
  if (!fitsNarrow(termsOf, columns, alone)) return null;
  const queries = termsOf.map(queryOf);
  return queries.every((query) => query !== null) ? (queries as NarrowWordQuery[]) : null;
}

export interface WordStatistics {
  /**
   * Whether the statistics call the text narrow (looksNarrow; `alone`: the text is the search's only
   * condition); false while the table has none (never analysed).
   */
  isNarrow(q: Queryable, text: string, alone: boolean): Promise<boolean>;
  /**
   * For a text the statistics call narrow, its word query built here (narrowWordQuery); null for any other
   * text, and for one whose query the database must build.
   */
  narrowQuery(q: Queryable, text: string, alone: boolean): Promise<NarrowWordQuery | null>;
  /** The statistics of a moment ago (read again after WORD_STATISTICS_MS), or null while there are none. */
  frequencies(q: Queryable): Promise<WordFrequencies | null>;
  /** After ANALYZE: the statistics are read again at the next search. */
  forget(): void;
}

interface Reading {
  at: number;
  stats: Promise<WordFrequencies | null>;
}

/** The statistics of the words of `table`'s `column` (a tsvector with a word index). */
export function wordStatistics(
  table: 'users' | 'invitations',
  column: 'search_words' | 'inviter_words' = 'search_words',
): WordStatistics {
  let reading: Reading | null = null;
  const read = async (q: Queryable): Promise<WordFrequencies | null> => {
    const { rows } = await q.query<{
      rows: number;
      without: number;
      words: string[] | null;
      frequencies: number[] | null;
    }>(
      `SELECT c.reltuples::float8 AS rows, s.null_frac::float8 AS without,
              s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs::float8[] AS frequencies
         FROM pg_class c
         JOIN pg_stats s ON s.schemaname = c.relnamespace::regnamespace::text AND s.tablename = c.relname
                        AND s.attname = $2
        WHERE c.oid = $1::regclass`,
      [table, column],
      { prepare: true },
    );
    const row = rows[0];
    if (!row || row.rows < 0) return null;
    const common = new Map<string, number>();
    (row.words ?? []).forEach((word, i) => common.set(word, row.frequencies?.[i] ?? 0));
    return { rows: row.rows, common, withoutWords: row.without };
  };
  /** The statistics of a moment ago, or read now. */
  const statistics = (q: Queryable): Promise<WordFrequencies | null> => {
    const now = Date.now();
    if (!reading || now - reading.at >= WORD_STATISTICS_MS) {
      // One reading at a time: the searches arriving meanwhile wait for the same one.
      const current: Reading = {
        at: now,
        stats: read(q).catch(() => {
          // Unread (the statistics could not be queried): the next search tries again.
          if (reading === current) reading = null;
          return null;
        }),
      };
      reading = current;
    }
    return (reading as Reading).stats;
  };
  return {
    async isNarrow(q, text, alone) {
      const stats = await statistics(q);
      return stats !== null && looksNarrow(text, stats, alone);
    },
    async narrowQuery(q, text, alone) {
      const stats = await statistics(q);
      return stats === null ? null : (narrowQueriesIn(text, [stats], alone)?.[0] ?? null);
    },
    frequencies: statistics,
    forget() {
      reading = null;
    },
  };
}

/** The users' words (user-search.store.ts). */
export const userWords = wordStatistics('users');
/** The words of the invitations' addresses (invitations.store.ts). */
export const invitationWords = wordStatistics('invitations');
/** The words of the invitations' inviters (invitations.store.ts, migration 017). */
export const inviterWords = wordStatistics('invitations', 'inviter_words');
