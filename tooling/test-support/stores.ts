// The shared-auth stores of the front end's component tests (`test-support/stores`): back to their first
// state, a user logged in, the flash shown.
import {
  initialSessionState,
  useErrorDialogStore,
  useFlashStore,
  useSessionStore,
  type User,
} from 'shared-auth';

/** Puts the session, the flash and the error dialog back to their first state. */
export function resetStores(): void {
  useSessionStore.setState(initialSessionState);
  useFlashStore.getState().clearFlash();
  useErrorDialogStore.getState().close();
}

/** Logs `user` in (null: nobody), with what GET config answered besides `authenticated`. */
export function logIn(user: User | null, config: Record<string, unknown> = {}): void {
  useSessionStore.setState({
    ...initialSessionState,
    user,
    authenticated: user !== null,
    config: { authenticated: user !== null, ...config },
  });
}

/** The flash message shown now, if any. */
export function flashMessage(): string | undefined {
  return useFlashStore.getState().flash?.msg;
}
