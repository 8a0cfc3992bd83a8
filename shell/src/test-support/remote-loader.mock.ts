/**
 * Stands in for src/remotes/remote-loader.ts: the shell under test gets the remotes' real source instead
 * of Module Federation. Use: `jest.mock('./remotes/remote-loader', () => jest.requireActual('./test-support/remote-loader.mock'))`.
 */
import type { RemoteContributions, RemoteId } from 'shared-ui';

type Source = RemoteContributions | Error;

const sources = new Map<RemoteId, Source[]>();

/** What loadContributions answers for a remote: one entry per attempt; the last one repeats. */
export function serveRemote(id: RemoteId, ...attempts: Source[]): void {
  sources.set(id, attempts);
}

export function resetRemoteSources(): void {
  sources.clear();
}

export const fetchRemoteUrls = jest.fn(async () => ({
  roles: 'http://localhost/remotes/roles/mf-manifest.json',
  invitations: 'http://localhost/remotes/invitations/mf-manifest.json',
  system: 'http://localhost/remotes/system/mf-manifest.json',
  tokens: 'http://localhost/remotes/tokens/mf-manifest.json',
}));

export const registerRemoteUrls = jest.fn();

export const loadContributions = jest.fn(async (id: RemoteId): Promise<RemoteContributions> => {
  const attempts = sources.get(id) ?? [new Error(`remote ${id} is down`)];
  const next = attempts.length > 1 ? attempts.shift() : attempts[0];
  if (!next || next instanceof Error) throw next ?? new Error(`remote ${id} is down`);
  return next;
});

export function federationName(id: RemoteId): string {
  return `mfe_${id}`;
}
