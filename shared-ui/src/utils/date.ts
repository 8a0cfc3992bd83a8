/** Date helpers on plain `Date` (no date library): the console's format is dd/MM/yyyy everywhere. */

const DAY_MS = 24 * 60 * 60 * 1000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Local midnight of the given day. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The same local time `days` calendar days later (negative for earlier). */
export function addDays(date: Date, days: number): Date {
  const copy = new Date(date.getTime());
  copy.setDate(copy.getDate() + days);
  return copy;
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** dd/MM/yyyy of a Date. */
export function formatDateValue(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/**
 * dd/MM/yyyy of an epoch-seconds value as the API sends it; '' when absent. The format is the same in
 * both languages; `_lang` is accepted so callers can pass the current language without caring.
 */
export function formatDate(epochSeconds: number | null | undefined, _lang?: string): string {
  if (epochSeconds === null || epochSeconds === undefined || Number.isNaN(epochSeconds)) return '';
  return formatDateValue(new Date(epochSeconds * 1000));
}

/** dd/MM/yyyy HH:mm of an epoch-seconds value; '' when absent. */
export function formatDateTime(epochSeconds: number | null | undefined, _lang?: string): string {
  if (epochSeconds === null || epochSeconds === undefined || Number.isNaN(epochSeconds)) return '';
  const date = new Date(epochSeconds * 1000);
  return `${formatDateValue(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Strictly parses dd/MM/yyyy (one- or two-digit day and month, four-digit year). Returns null for
 * anything else, including impossible dates such as 31/02/2027.
 */
export function parseDate(text: string): Date | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** ISO-8601 week number: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(date: Date): number {
  const day = startOfDay(date);
  const weekday = (day.getDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = addDays(day, 3 - weekday);
  const firstThursday = new Date(thursday.getFullYear(), 0, 4);
  const firstWeekday = (firstThursday.getDay() + 6) % 7;
  const weekOneMonday = addDays(firstThursday, -firstWeekday);
  return 1 + Math.round((startOfDay(thursday).getTime() - weekOneMonday.getTime()) / (7 * DAY_MS));
}

/** True when `date` lies (by calendar day) within the optional bounds. */
export function isWithin(date: Date, min?: Date | null, max?: Date | null): boolean {
  const day = startOfDay(date).getTime();
  if (min && day < startOfDay(min).getTime()) return false;
  if (max && day > startOfDay(max).getTime()) return false;
  return true;
}
