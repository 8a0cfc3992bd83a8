/** The API speaks epoch seconds (spec §3); the database speaks timestamptz. */
export function toEpochSeconds(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export function fromEpochSeconds(value: number): Date {
  return new Date(value * 1000);
}

export const DAY_MS = 86_400_000;
