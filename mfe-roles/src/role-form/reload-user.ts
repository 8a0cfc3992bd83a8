import { apiGet, useSessionStore, type User } from 'shared-auth';

/** Loads the current (or impersonated) user again, after a change to one of its own roles. */
export async function reloadCurrentUser(): Promise<void> {
  const user = await apiGet<User>('users/me');
  useSessionStore.getState().setUser(user);
}
