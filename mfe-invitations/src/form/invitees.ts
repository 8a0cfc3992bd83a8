/**
 * Spec §5 invitee input: addresses typed or pasted, split on comma, semicolon, white space and new lines;
 * `Name <address>` accepted; a pasted CSV table gives its address column; duplicates removed (ignoring
 * case); invalid entries dropped and reported.
 */

/** Letters, digits, plus, dot, underscore and hyphen before the @ (spec §5); a dotted domain after it. */
const EMAIL = /^[A-Za-z0-9+._%'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export interface ParsedInvitees {
  valid: string[];
  invalid: string[];
}

const CELL_SEPARATOR = /[,;\t]/;

function unquote(value: string): string {
  return value
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();
}

/** `"Doe, Jane" <jane@x.org>` and `Jane Doe <jane@x.org>` become the bare address. */
function bareAddresses(text: string): string {
  return text.replace(/"[^"\n]*"\s*<([^<>\n]+)>/g, ' $1 ').replace(/[^<>,;\t\n"]*<([^<>\n]+)>/g, ' $1 ');
}

/**
 * A pasted table: several lines that each hold the same number (two or more) of cells. Only its cells
 * that hold an @ are addresses; the others are names or headers, not mistakes.
 */
function csvAddressCells(lines: string[]): string[] | null {
  if (lines.length < 2) return null;
  const rows = lines.map((line) => line.split(CELL_SEPARATOR).map(unquote));
  const width = rows[0].length;
  if (width < 2 || rows.some((row) => row.length !== width)) return null;
  return rows.flat().filter((cell) => cell.includes('@'));
}

/** Splits typed or pasted text into the addresses to invite and the entries that are not addresses. */
export function parseInvitees(text: string): ParsedInvitees {
  const bare = bareAddresses(text);
  const lines = bare.split(/\r?\n/).filter((line) => line.trim() !== '');
  const entries =
    csvAddressCells(lines) ??
    bare
      .split(/[,;\s]+/)
      .map(unquote)
      .filter(Boolean);
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const entry of entries) {
    if (!isValidEmail(entry)) {
      if (!invalid.includes(entry)) invalid.push(entry);
      continue;
    }
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    valid.push(entry);
  }
  return { valid, invalid };
}

/** Adds newly parsed addresses to those chosen already, without duplicates (ignoring case). */
export function mergeInvitees(current: string[], added: string[]): string[] {
  const known = new Set(current.map((email) => email.toLowerCase()));
  const merged = [...current];
  for (const email of added) {
    if (known.has(email.toLowerCase())) continue;
    known.add(email.toLowerCase());
    merged.push(email);
  }
  return merged;
}
