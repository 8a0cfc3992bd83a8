import { STORAGE_LOCATION_KEY, STORAGE_MAY_ACCEPT_KEY } from '../constants.js';

/** The part of Web Storage the session logic uses; tests may hand in their own. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage when the browser offers it (it can throw in private modes); else nothing is kept. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Remembers where to go after login (spec §2 Startup, §4 acceptance flow). */
export function saveLocation(location: string, storage = browserStorage()): void {
  storage?.setItem(STORAGE_LOCATION_KEY, location);
}

/** The remembered location, or null. */
export function savedLocation(storage = browserStorage()): string | null {
  return storage?.getItem(STORAGE_LOCATION_KEY) ?? null;
}

/** Forgets the remembered location. */
export function clearSavedLocation(storage = browserStorage()): void {
  storage?.removeItem(STORAGE_LOCATION_KEY);
}

/** Sets the 'mayAccept' marker: after login the invitation is accepted automatically (spec §4). */
export function setMayAccept(storage = browserStorage()): void {
  storage?.setItem(STORAGE_MAY_ACCEPT_KEY, 'true');
}

/** True when the 'mayAccept' marker is set, without removing it (a 412 keeps the marker). */
export function hasMayAccept(storage = browserStorage()): boolean {
  return storage?.getItem(STORAGE_MAY_ACCEPT_KEY) === 'true';
}

/** Reads and removes the 'mayAccept' marker: true once after setMayAccept(). */
export function consumeMayAccept(storage = browserStorage()): boolean {
  const present = hasMayAccept(storage);
  storage?.removeItem(STORAGE_MAY_ACCEPT_KEY);
  return present;
}
