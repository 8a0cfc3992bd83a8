import type { Provider, User } from 'shared-auth';
import { fetchInstitutionApplications, fetchProviders } from './manage.resource';
import { useLoad, type LoadState } from 'shared-ui';

/** The applications a user may list: every registry application for a super user, else its institution's. */
export async function fetchListedApplications(user: Pick<User, 'superUser'>): Promise<Provider[]> {
  if (user.superUser) return fetchProviders();
  return (await fetchInstitutionApplications()).providers;
}

export function useListedApplications(user: Pick<User, 'superUser' | 'id'>): LoadState<Provider[]> {
  return useLoad(() => fetchListedApplications(user), [user.id, user.superUser]);
}
