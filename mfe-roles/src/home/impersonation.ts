import { useSessionStore } from 'shared-auth';
import { fetchOtherUser } from '../resources/users.resource';

/**
 * Spec §4 Impersonation: the current user becomes the impersonator and the target (loaded in full, as
 * users/me would answer it for them) replaces the user; the caller flashes and goes to /.
 */
export async function startImpersonation(targetId: number): Promise<string> {
  const target = await fetchOtherUser(targetId);
  useSessionStore.getState().startImpersonation(target);
  return target.name ?? target.email ?? String(target.id);
}
