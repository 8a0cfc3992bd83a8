/**
 * timestamptz values as node-postgres hands them over, parsed faster. Its parser (postgres-date) runs three
 * regular expressions over every value, which an invitation page's many timestamps noticeably paid for.
 * PostgreSQL writes a timestamptz (DateStyle ISO) as `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]`, and in
 * JSON (db/json-rows.ts; pool-db.ts sets this parser for every timestamptz column) the same with a `T` between date and time; those are read here character by
 * character, to the same Date. Anything else (a year outside 1000-9999, BC, infinity) goes to `fallback`,
 * node-postgres's own parser.
 */
export function timestamptzParser(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => parseIsoTimestamptz(text) ?? fallback(text);
}

const ZERO = 48;

/** The digits of text[from, from + count) as a number, or -1 if one of them is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The common form (text or JSON), or null for anything else. */
export function parseIsoTimestamptz(text: string): Date | null {
  const length = text.length;
  if (length < 22 || text[4] !== '-' || text[7] !== '-' || text[13] !== ':') return null;
  if (text[10] !== ' ' && text[10] !== 'T') return null;
  if (text[16] !== ':') return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    let end = at + 1;
    while (end < length && digits(text, end, 1) >= 0) end++;
    if (end === at + 1) return null;
    // As postgres-date computes it (Date.UTC then drops what is below a millisecond).
    ms = 1000 * Number(text.slice(at, end));
    at = end;
  }
  const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : 0;
  if (sign === 0) return null;
  const offsetHours = digits(text, at + 1, 2);
  if (offsetHours < 0) return null;
  at += 3;
  let offsetSeconds = offsetHours * 3600;
  for (const unit of [60, 1]) {
    if (at === length) break;
    const part = text[at] === ':' ? digits(text, at + 1, 2) : -1;
    if (part < 0) return null;
    offsetSeconds += part * unit;
    at += 3;
  }
  if (at !== length) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - sign * offsetSeconds * 1000);
}
