/**
 * The remotes part of the configuration: which remotes /remotes.json lists (REMOTE_<ID>_URL, REMOTES) and
 * which origins login may return to (TRUSTED_ORIGINS).
 */
import { ConfigError } from './config.errors.js';

/** Remote id in REMOTE_<ID>_URL: the middle part in lower case with underscores as dashes. */
const REMOTE_URL_VARIABLE = /^REMOTE_([A-Z0-9_]+)_URL$/;

/** REMOTE_<ID>_URL variables, then REMOTES (a JSON object id → manifest URL), which wins. */
export function remoteUrlsFrom(env: Record<string, string | undefined>, remotesJson: string | undefined) {
  const urls: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = REMOTE_URL_VARIABLE.exec(name);
    if (match && value) urls[match[1].toLowerCase().replace(/_/g, '-')] = value;
  }
  if (remotesJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(remotesJson);
    } catch {
      parsed = null;
    }
    const valid =
      parsed !== null &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      Object.entries(parsed).every(
        ([id, url]) => /^[A-Za-z][\w-]*$/.test(id) && typeof url === 'string' && url,
      );
    if (!valid) {
      throw new ConfigError(
        'Invalid environment: REMOTES must be a JSON object of remote id → manifest URL, e.g. {"reports":"https://cdn.example.org/reports/mf-manifest.json"}',
      );
    }
    Object.assign(urls, parsed);
  }
  return urls;
}

/** The local dev servers of the four remotes (npm run start -w mfe-…), trusted when developing. */
const DEV_SERVER_ORIGINS = [3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

export function trustedOriginsFrom(value: string | undefined, development: boolean): string[] {
  if (value === undefined) return development ? DEV_SERVER_ORIGINS : [];
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new ConfigError(
        `Invalid environment: TRUSTED_ORIGINS must list origins such as http://localhost:3004, not ${origin}`,
      );
    }
  }
  return origins;
}
