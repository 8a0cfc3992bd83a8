import { apiGet, type RoleProvisioning } from 'shared-auth';
import { useLoad, type LoadState } from 'shared-ui';

export type { ProvisioningFailure, RoleProvisioning, RoleProvisioningStatus } from 'shared-auth';

export function fetchRoleProvisioning(roleId: number): Promise<RoleProvisioning[]> {
  return apiGet<RoleProvisioning[]>(`roles/${roleId}/provisioning`);
}

export function useRoleProvisioning(roleId: number): LoadState<RoleProvisioning[]> {
  return useLoad(() => fetchRoleProvisioning(roleId), [roleId]);
}
