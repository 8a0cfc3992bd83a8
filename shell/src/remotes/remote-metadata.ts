import { CONTRACT_VERSION } from 'shared-ui/core';
import type { PublishedExtension, RemoteId, RemoteMetadata, RouteMeta } from 'shared-ui/core';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function route(value: unknown): RouteMeta | null {
  if (!isRecord(value) || !isText(value.path)) return null;
  if (value.access !== 'public' && value.access !== 'authenticated') return null;
  return { path: value.path, access: value.access };
}

function extension(value: unknown): PublishedExtension | null {
  if (!isRecord(value) || !isText(value.slot) || !isText(value.id) || !isText(value.visibleRule)) return null;
  if (typeof value.order !== 'number' || !isRecord(value.label)) return null;
  const { en, nl } = value.label;
  if (!isText(en) || !isText(nl)) return null;
  if (value.href !== undefined && !isText(value.href)) return null;
  return {
    slot: value.slot,
    id: value.id,
    order: value.order,
    label: { en, nl },
    visibleRule: value.visibleRule,
    ...(value.href ? { href: value.href } : {}),
  };
}

/**
 * Checks what a remote's manifest publishes under `metaData.portal`. Throws, naming the remote, when it is
 * missing or malformed: the shell cannot place a remote it cannot read.
 */
export function parseMetadata(id: RemoteId, value: unknown): RemoteMetadata {
  const fail = (what: string): never => {
    throw new Error(`Remote ${id} publishes ${what}`);
  };
  if (!isRecord(value)) return fail('no metadata (metaData.portal in its mf-manifest.json)');
  if (value.id !== id) return fail(`the metadata of remote ${String(value.id)}`);
  if (!isText(value.contractVersion)) return fail('no contract version');
  if (!Array.isArray(value.routes) || !Array.isArray(value.extensions))
    return fail('no routes or extensions');
  const routes = value.routes.map(route);
  const extensions = value.extensions.map(extension);
  if (routes.includes(null)) return fail('a malformed route');
  if (extensions.includes(null)) return fail('a malformed slot entry');
  return {
    id,
    contractVersion: value.contractVersion,
    routes: routes as RouteMeta[],
    extensions: extensions as PublishedExtension[],
  };
}

/** `1.4` → [1, 4]; a version that is no `major.minor[.patch]` reads as NaN and is never compatible. */
function parts(version: string): [number, number] {
  const match = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
}

/**
 * Whether the shell can run a remote built against `remoteVersion` of the contract: the majors must be
 * equal; another minor runs (an older one only lacks later additions).
 */
export function compatibleContract(remoteVersion: string, shellVersion: string = CONTRACT_VERSION): boolean {
  const [remoteMajor] = parts(remoteVersion);
  const [shellMajor] = parts(shellVersion);
  return Number.isFinite(remoteMajor) && remoteMajor === shellMajor;
}

const CACHE_PREFIX = 'portal.remote-metadata.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (privacy settings): the console works without the memory.
    return null;
  }
}

/** Keeps what a remote last published, so its part can still show its panel when its manifest is down. */
export function rememberMetadata(metadata: RemoteMetadata): void {
  try {
    storage()?.setItem(CACHE_PREFIX + metadata.id, JSON.stringify(metadata));
  } catch {
    // A full storage only costs the memory.
  }
}

/** What the remote published last time this browser read its manifest, if that still reads. */
export function rememberedMetadata(id: RemoteId): RemoteMetadata | undefined {
  try {
    const saved = storage()?.getItem(CACHE_PREFIX + id);
    return saved ? parseMetadata(id, JSON.parse(saved)) : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets every remembered remote; for tests. */
export function forgetRememberedMetadata(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(CACHE_PREFIX)) store.removeItem(key);
}
