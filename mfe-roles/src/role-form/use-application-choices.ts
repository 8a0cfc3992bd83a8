import type { ApplicationMap, Provider, Role, User } from 'shared-auth';
// New rules come from the bundled 'shared-auth/rules': under a shell whose shared-auth predates them they exist too.
import { isApplicationManager } from 'shared-auth/rules';
import { fetchInstitutionApplications, fetchProviders } from '../resources/manage.resource';
import { useLoad, type LoadState } from 'shared-ui';

function fromMap(map: ApplicationMap): Provider {
  return { ...map, id: map.id, manageId: map.id } as Provider;
}

/**
 * Spec §6: the applications a role may point at, from the right source per authority — every registry
 * application for a super user, the institution's own for an institution admin, those they manage for an
 * application manager, those of the manager's roles otherwise. The role's current applications are always among them.
 */
export async function fetchApplicationChoices(user: User, role: Role | null): Promise<Provider[]> {
  let choices: Provider[];
  if (user.superUser) choices = await fetchProviders();
  // manage/applications answers the institution's own and the applications the user manages.
  else if ((user.institutionAdmin && user.organizationGUID) || isApplicationManager(user))
    choices = (await fetchInstitutionApplications()).providers;
  else
    choices = (user.userRoles ?? [])
      .filter((userRole) => userRole.authority === 'MANAGER')
      .flatMap((userRole) => userRole.role?.applicationMaps ?? [])
      .map(fromMap);
  const known = new Map(choices.map((choice) => [choice.manageId ?? choice.id, choice]));
  for (const map of role?.applicationMaps ?? []) if (!known.has(map.id)) known.set(map.id, fromMap(map));
  return [...known.values()];
}

export function useApplicationChoices(user: User, role: Role | null): LoadState<Provider[]> {
  return useLoad(() => fetchApplicationChoices(user, role), [user.id, role?.id]);
}
