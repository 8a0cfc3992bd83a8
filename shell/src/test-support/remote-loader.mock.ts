/**
 * Stands in for src/remotes/remote-loader.ts: the shell under test gets the remotes' real source instead
 * of Module Federation, and their manifests' metadata computed from that source by the build's own
 * function (tooling/remote-metadata.cjs). Use:
 * `jest.mock('./remotes/remote-loader', () => jest.requireActual('./test-support/remote-loader.mock'))`.
 */
import type { RemoteContributions, RemoteId, RemoteMetadata } from 'shared-ui';

type Source = RemoteContributions | Error;

const { publishedMetadata } = jest.requireActual<{
  publishedMetadata: (
    source: RemoteContributions,
    translations: RemoteContributions['translations'],
    contractVersion?: string,
  ) => RemoteMetadata;
}>('../../../tooling/remote-metadata.cjs');

interface Served {
  attempts: Source[];
  /** What its manifest publishes; an Error when the manifest cannot be read. */
  metadata: RemoteMetadata | Error;
}

const served = new Map<RemoteId, Served>();

const manifestUrl = (id: RemoteId) => `http://localhost/remotes/${id}/mf-manifest.json`;

/**
 * What loading a remote answers: one entry per attempt; the last one repeats. Its manifest publishes the
 * metadata of `described` (default: the first attempt that is not an Error; none: the manifest fails),
 * built against `contractVersion` (default: its own).
 */
export function serveRemote(
  id: RemoteId,
  attempts: Source[],
  options: { described?: RemoteContributions | Error; contractVersion?: string } = {},
): void {
  const described = options.described ?? attempts.find((attempt) => !(attempt instanceof Error));
  const metadata =
    !described || described instanceof Error
      ? new Error(`the manifest of ${id} cannot be read`)
      : publishedMetadata(described, described.translations, options.contractVersion);
  served.set(id, { attempts: [...attempts], metadata });
}

export const fetchRemoteUrls = jest.fn(async () =>
  Object.fromEntries([...served.keys()].map((id) => [id, manifestUrl(id)])),
);

export const fetchRemoteManifest = jest.fn(async (url: string) => {
  const id = [...served.keys()].find((candidate) => manifestUrl(candidate) === url);
  const metadata = id === undefined ? new Error(`${url} answered 404`) : served.get(id)!.metadata;
  if (metadata instanceof Error) throw metadata;
  return {
    federationName: `mfe_${metadata.id}`,
    metadata,
    entry: url.replace('mf-manifest.json', 'remoteEntry.js'),
  };
});

export const registerRemoteEntries = jest.fn();

export const loadContributions = jest.fn(async (id: RemoteId): Promise<RemoteContributions> => {
  const attempts = served.get(id)?.attempts ?? [new Error(`remote ${id} is down`)];
  const next = attempts.length > 1 ? attempts.shift() : attempts[0];
  if (!next || next instanceof Error) throw next ?? new Error(`remote ${id} is down`);
  return next;
});

export function resetRemoteSources(): void {
  served.clear();
  for (const mock of [fetchRemoteUrls, fetchRemoteManifest, registerRemoteEntries, loadContributions]) {
    mock.mockClear();
  }
}
