import { isValidAuthority } from './authority.js';
import type { Authority } from './types.js';

/** The chip look of an authority badge; the values are the design system's chip types. */
export type AuthorityBadgeStyle =
  'status-success' | 'main-500' | 'main-400' | 'main-100' | 'status-default' | 'status-warning';

const BADGE_STYLES: Record<Authority, AuthorityBadgeStyle> = {
  SUPER_USER: 'status-success',
  INSTITUTION_ADMIN: 'main-500',
  APPLICATION_MANAGER: 'main-500',
  MANAGER: 'main-400',
  INVITER: 'main-100',
  GUEST: 'status-default',
};

/** Spec §6 'Authority badge styles'; anything that is not an authority ('No member', empty) is a warning. */
export function authorityBadgeStyle(authority: Authority | string | null | undefined): AuthorityBadgeStyle {
  return isValidAuthority(authority) ? BADGE_STYLES[authority] : 'status-warning';
}

/**
 * Spec §4 Role form: the short name derived from a role name, as the established product derives it —
 * diacritics stripped, trimmed, each run of white space one underscore, everything but letters, digits,
 * underscore and dot dropped, lowercased (" !@#$%^&*(9IIOO   UU  plp " → "9iioo_uu_plp").
 */
export function deriveShortName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_.]/g, '')
    .toLowerCase();
}

/**
 * Spec §5 Generic: null, undefined, an empty list, a whitespace-only string, an invalid date and an
 * empty plain object are empty; numbers and booleans never are.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** The expiry-warning window of user roles (spec §4, §9). */
export const USER_ROLE_EXPIRY_WARNING_DAYS = 30;

/**
 * Spec §4: a user role whose end date (epoch seconds) lies within 30 days from `now` (a Date or epoch
 * milliseconds) gets the expiry bell; a past or absent end date does not.
 */
export function userRoleExpiresSoon(
  endDate: number | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (typeof endDate !== 'number' || !Number.isFinite(endDate)) return false;
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const endMs = endDate * 1000;
  return endMs >= nowMs && endMs - nowMs <= USER_ROLE_EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000;
}
