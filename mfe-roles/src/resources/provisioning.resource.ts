import { apiGet } from 'shared-auth';
import { useLoad, type LoadState } from 'shared-ui';

export type RoleProvisioningStatus = 'delivered' | 'waiting' | 'failed';

/** A delivery a SCIM target refused: the role's group or one of its members, with the target's reason. */
export interface ProvisioningFailure {
  kind: 'group' | 'user';
  label: string | null;
  lastStatus: number | null;
  lastError: string | null;
}

/** How a role stands at one SCIM target that provisions one of its applications (GET roles/{id}/provisioning). */
export interface RoleProvisioning {
  target: {
    id: string;
    'name:en'?: string;
    'name:nl'?: string;
    url: string;
    groups: boolean;
    putMethod: boolean;
    applications: string[];
  };
  /** The registry ids of the role's applications this target provisions. */
  roleApplications: string[];
  status: RoleProvisioningStatus;
  groupDelivered: boolean;
  /** Guest members the target should hold. */
  members: number;
  delivered: number;
  waiting: number;
  failed: number;
  failures: ProvisioningFailure[];
}

export function fetchRoleProvisioning(roleId: number): Promise<RoleProvisioning[]> {
  return apiGet<RoleProvisioning[]>(`roles/${roleId}/provisioning`);
}

export function useRoleProvisioning(roleId: number): LoadState<RoleProvisioning[]> {
  return useLoad(() => fetchRoleProvisioning(roleId), [roleId]);
}
