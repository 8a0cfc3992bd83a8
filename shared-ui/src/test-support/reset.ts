import { initialSessionState, useErrorDialogStore, useFlashStore, useSessionStore } from 'shared-auth';

/** Puts the shared stores back to their first state between tests. */
export function resetStores(): void {
  useSessionStore.setState(initialSessionState);
  useFlashStore.getState().clearFlash();
  useErrorDialogStore.getState().close();
}
