import { apiGet, apiPut, type ShownProvisioningTarget } from 'shared-auth';

/** A provisioning target of the registry as the console may see it (no credentials), with how it stands. */
export interface ProvisioningTarget extends ShownProvisioningTarget {
  waiting: number;
  failed: number;
  /** Users the target holds (delivered). */
  users: number;
  /** Groups the target holds (delivered). */
  groupsDelivered: number;
}

export type DeliveryStatus = 'waiting' | 'failed';

/** One resource (a role's group or a person) waiting to be sent to a target, or given up. */
export interface Delivery {
  id: number;
  target: string;
  kind: 'group' | 'user';
  localId: number;
  /** The role's name or the person's name (or e-mail); null when it is gone. */
  label: string | null;
  status: DeliveryStatus;
  attempts: number;
  /** Epoch seconds. */
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  /** Epoch seconds. */
  updatedAt: number;
}

export interface ProvisioningOverview {
  targets: ProvisioningTarget[];
  /** Changes recorded but not yet planned into deliveries. */
  unplanned: number;
  content: Delivery[];
  totalElements: number;
}

export interface DeliveryQuery {
  status?: DeliveryStatus;
  target?: string;
  /** 0-based. */
  pageNumber: number;
  pageSize: number;
}

/** GET system/provisioning: the targets with their counts and one page of waiting and failed deliveries. */
export function fetchProvisioning(query: DeliveryQuery): Promise<ProvisioningOverview> {
  return apiGet<ProvisioningOverview>('system/provisioning', { searchParams: { ...query } });
}

/** Sends a waiting or failed delivery now (404 when it was delivered or given up meanwhile). */
export async function retryDelivery(id: number): Promise<void> {
  await apiPut<null>(`system/provisioning/${id}/retry`);
}

/** Queues every group and member of one target again; answers how many deliveries were queued. */
export async function resyncTarget(target: string): Promise<number> {
  const answer = await apiPut<{ queued: number }>(
    `system/provisioning/targets/${encodeURIComponent(target)}/resync`,
  );
  return answer.queued;
}
