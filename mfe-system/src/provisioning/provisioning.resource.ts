import { apiGet, apiPut, type DeliveryStatus, type ProvisioningOverview } from 'shared-auth';

// The answers' types are the API's own (shared-auth's api-types), under the names this remote uses.
export type {
  DeliveryStatus,
  ProvisioningDelivery as Delivery,
  ProvisioningOverview,
  ProvisioningTargetState as ProvisioningTarget,
} from 'shared-auth';

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
