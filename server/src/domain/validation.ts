/** Value checks shared by the role, invitation and validation endpoints. */

/** Spec §5: letters, digits, plus, dot, underscore and hyphen before the @; a dotted domain after it. */
const EMAIL = /^[A-Za-z0-9+._%'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** An absolute http(s) URL with a host name (a landing page a browser can open). */
export function isValidUrl(value: string): boolean {
  if (value.length > 2048 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Spec §5 invitee input: split on comma, semicolon, whitespace; accepts `Name <address>`; trims. */
export function splitInvitees(values: readonly string[]): { valid: string[]; invalid: string[] } {
  const valid = new Map<string, string>();
  const invalid: string[] = [];
  for (const value of values) {
    const bracketed = [...value.matchAll(/<([^<>]+)>/g)].map((m) => m[1]);
    const parts = bracketed.length > 0 ? bracketed : value.split(/[,;\s]+/);
    for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
      if (isValidEmail(part)) {
        const key = part.toLowerCase();
        if (!valid.has(key)) valid.set(key, part);
      } else invalid.push(part);
    }
  }
  return { valid: [...valid.values()], invalid };
}
