import { parseIsoTimestamptz } from './timestamps.js';

/**
 * The API speaks epoch seconds (spec §3); the database speaks timestamptz: a Date from a row, its text from
 * a JSON row or column (with an offset in seconds where a zone had one, which Date cannot read).
 */
export function toEpochSeconds(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = toEpochMs(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** Milliseconds since the epoch of a timestamp as toEpochSeconds takes it; NaN when it is none. */
export function toEpochMs(value: Date | string): number {
  return (value instanceof Date ? value : (parseIsoTimestamptz(value) ?? new Date(value))).getTime();
}

export function fromEpochSeconds(value: number): Date {
  return new Date(value * 1000);
}

export const DAY_MS = 86_400_000;
