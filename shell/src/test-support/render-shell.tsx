// Renders the started shell (layout + routes) at a path, with a session user and the remotes served by
// remote-loader.mock. Each test file mocks '../remotes/remote-loader' with that module first.
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { User } from 'shared-auth';
import type { RemoteContributions, RemoteId } from 'shared-ui';
import { registerTexts } from 'test-support/i18n';
import { LocationProbe } from 'test-support/render';
import { logIn, resetStores } from 'test-support/stores';
import { ShellContent } from '../app.component';
import { resetRemotesStore, useRemotesStore } from '../remotes/remotes.store';
import en from '../translations/en.json';
import nl from '../translations/nl.json';
import { resetRemoteSources, serveRemote } from './remote-loader.mock';

/** Starts i18n with the shell's texts. */
export function setupI18n(): void {
  registerTexts({ shell: { en, nl } });
}

export interface ShellOptions {
  path?: string;
  /** null: not logged in. */
  user?: User | null;
  /**
   * Per remote of remotes.json: what loading its code answers, attempt by attempt. Its manifest publishes
   * the metadata of the first attempt that is not an Error (of `described[id]` when given); a remote with
   * neither has a manifest that cannot be read. Remotes left out are not in remotes.json.
   */
  remotes?: Record<RemoteId, (RemoteContributions | Error)[]>;
  described?: Record<RemoteId, RemoteContributions>;
  /** Per remote: the contract version its manifest publishes (default: the current one). */
  contractVersions?: Record<RemoteId, string>;
}

/** Resets every store, serves the remotes, discovers (and for a user loads) them, and renders the shell at `path`. */
export async function renderShell({
  path = '/',
  user = null,
  remotes = {},
  described = {},
  contractVersions = {},
}: ShellOptions = {}): Promise<RenderResult> {
  setupI18n();
  resetRemoteSources();
  resetRemotesStore();
  for (const [id, attempts] of Object.entries(remotes)) {
    serveRemote(id, attempts, { described: described[id], contractVersion: contractVersions[id] });
  }
  resetStores();
  logIn(user);
  await act(async () => {
    // As the shell does for a logged-in user: discover every remote, then load all their code.
    await (user ? useRemotesStore.getState().ensureLoaded() : useRemotesStore.getState().discover());
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ShellContent />
      <LocationProbe />
    </MemoryRouter>,
  );
}
