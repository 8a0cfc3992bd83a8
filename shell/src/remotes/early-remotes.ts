// Remote discovery begun by startup.js, the page's first script (startup-calls.ts), before main.js has
// loaded and run: /remotes.json (or the list the page carries: the server puts it into index.html with
// startup's answers) and then every remote's manifest at once. For a logged-in page, which loads every
// remote's code during the loader's hold, each remote's remoteEntry.js and its contributions' own chunks
// are preloaded as soon as its manifest is read. The remotes store (remotes.store.ts) reads these answers
// instead of asking again. Plain fetch and DOM, no library: this runs before any of them has loaded.

import contract from 'shared-ui/contract-version.json';

/** Where startup.js leaves the discovery it began, for main.js (early-startup.ts). */
export const EARLY_REMOTES_KEY = '__portalEarlyRemotes';

export interface EarlyRemotes {
  /** The answer of /remotes.json (or the one the page carried). */
  list: Promise<Response>;
  /** Each remote's manifest answer, by the manifest's URL as /remotes.json names it. */
  manifests: Promise<Record<string, Promise<Response>>>;
}

/** What is read of a remote's manifest to find its files. */
export interface ManifestFiles {
  name?: unknown;
  metaData?: {
    publicPath?: unknown;
    remoteEntry?: { name?: unknown; path?: unknown };
    /** `metaData.portal`: what the remote publishes, its contract version among it. */
    portal?: unknown;
  };
  exposes?: unknown;
}

/**
 * Whether the remote was built against this shell's contract major, the one check of remote-metadata.ts's
 * compatibleContract that decides whether its code is ever loaded (that module needs shared-ui's core, which
 * startup.js runs without): a refused remote's code is not even preloaded.
 */
export function sameContractMajor(
  body: ManifestFiles | null,
  shellVersion: string = contract.contractVersion,
): boolean {
  const version = (body?.metaData?.portal as { contractVersion?: unknown } | null | undefined)
    ?.contractVersion;
  if (typeof version !== 'string') return false;
  const major = (value: string) => Number(value.split('.')[0]);
  return Number.isFinite(major(version)) && major(version) === major(shellVersion);
}

/** How a manifest is asked for: always revalidated (its file names the remote's current build). */
export const MANIFEST_REQUEST: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };

/**
 * The absolute URL of a remote's remoteEntry.js, resolved against its manifest's URL (publicPath 'auto',
 * our remotes: the files sit beside the manifest) or its publicPath; null when the manifest names none.
 */
export function remoteEntryUrl(body: ManifestFiles | null, manifestUrl: string, pageUrl: string): URL | null {
  const file = body?.metaData?.remoteEntry?.name;
  if (!body || typeof file !== 'string' || !file) return null;
  const folder = body.metaData?.remoteEntry?.path;
  const publicPath = body.metaData?.publicPath;
  const base = new URL(
    typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : manifestUrl,
    pageUrl,
  );
  return new URL(typeof folder === 'string' && folder ? `${folder.replace(/\/?$/, '/')}${file}` : file, base);
}

/**
 * The files a remote's first load fetches: its remoteEntry.js and the chunks its `./contributions` needs
 * before it runs (the manifest's sync assets of that expose); their lazy chunks are left to their pages.
 * None for a remote of another contract major, whose code the shell refuses to load.
 */
export function firstFiles(body: ManifestFiles | null, manifestUrl: string, pageUrl: string): string[] {
  const entry = sameContractMajor(body) ? remoteEntryUrl(body, manifestUrl, pageUrl) : null;
  if (!entry) return [];
  const exposes = Array.isArray(body?.exposes) ? (body.exposes as unknown[]) : [];
  const contributions = exposes.find(
    (expose) => (expose as { name?: unknown } | null)?.name === 'contributions',
  ) as { assets?: { js?: { sync?: unknown } } } | undefined;
  const sync = contributions?.assets?.js?.sync;
  const chunks = Array.isArray(sync) ? sync.filter((file): file is string => typeof file === 'string') : [];
  // publicPath 'auto': a remote's chunks load from where its remoteEntry.js was loaded.
  return [entry.href, ...chunks.map((file) => new URL(file, entry).href)];
}

export interface DiscoveryEnvironment {
  fetch?: typeof fetch;
  /** /remotes.json's answer when the page carries it (the server put it into index.html). */
  carriedList?: Promise<Response> | null;
  /** Resolves true when the page is a logged-in user's: every remote's code will load during the hold. */
  loggedIn: Promise<boolean>;
  /** Where preload links go (document.head). */
  head?: Pick<HTMLElement, 'appendChild'> | null;
  pageUrl?: string;
}

/** Adds a `<link rel="preload" as="script">` for each file (a script element of the same URL reuses it). */
function preload(files: string[], head: Pick<HTMLElement, 'appendChild'>): void {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    head.appendChild(link);
  }
}

/** Begins the discovery; every promise settles or rejects into what the store reads (and handles). */
export function beginRemoteDiscovery(environment: DiscoveryEnvironment): EarlyRemotes {
  const doFetch = environment.fetch ?? globalThis.fetch.bind(globalThis);
  const pageUrl = environment.pageUrl ?? window.location.href;
  const head = environment.head === undefined ? document.head : environment.head;
  const list = environment.carriedList ?? doFetch('/remotes.json', MANIFEST_REQUEST);
  const manifests = list.then(async (response) => {
    if (!response.ok) return {};
    const body = (await response.clone().json()) as unknown;
    const urls =
      body && typeof body === 'object' && !Array.isArray(body)
        ? Object.values(body).filter((url): url is string => typeof url === 'string' && url.length > 0)
        : [];
    return Object.fromEntries(
      urls.map((url) => {
        const answer = doFetch(url, MANIFEST_REQUEST);
        answer.catch(() => undefined);
        if (head) {
          void Promise.all([answer, environment.loggedIn])
            .then(async ([response, loggedIn]) => {
              if (!loggedIn || !response.ok) return;
              const manifest = (await response.clone().json()) as ManifestFiles | null;
              preload(firstFiles(manifest, url, pageUrl), head);
            })
            .catch(() => undefined);
        }
        return [url, answer];
      }),
    );
  });
  // Read by the store; a failure there is its own to report.
  list.catch(() => undefined);
  manifests.catch(() => undefined);
  return { list, manifests };
}
