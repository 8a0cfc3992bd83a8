/**
 * The system area's provisioning actions (`PUT /api/v1/system/provisioning/{id}/retry` and
 * `…/targets/{target}/resync`): a waiting or failed delivery tried again now, a target sent everything
 * again. Audited in the same transaction; the worker is woken after. The route has checked who may.
 */
import type { FastifyInstance } from 'fastify';
import { httpError } from '../errors.js';
import { plannedTargets } from '../provisioning/planner.js';
import { audit, type AuditActor } from '../stores/audit.store.js';
import { retryNow, type QueueRow } from '../stores/provisioning-admin.store.js';
import { enqueueWholeTarget } from '../stores/provisioning-plan.store.js';

type Deps = Pick<FastifyInstance, 'db' | 'provisioning'>;

/** The delivery `item` tried again at once. */
export async function retryDelivery(app: Deps, actor: AuditActor, item: QueueRow): Promise<void> {
  await app.db.tx(async (q) => {
    await retryNow(q, item.id);
    await audit(q, actor, {
      entityType: 'provisioning',
      entityId: item.id,
      action: 'retry',
      before: {
        target: item.target,
        kind: item.kind,
        ...(item.kind === 'group' ? { roleId: item.localId } : { userId: item.localId }),
        status: item.lastStatus,
        reason: item.lastError,
      },
    });
  });
  app.provisioning.poke();
}

/** Every group and member of the registry's SCIM target `targetId` queued for it again (404 when unknown). */
export async function resyncTarget(
  app: Deps & Pick<FastifyInstance, 'registry'>,
  actor: AuditActor,
  targetId: string,
): Promise<{ queued: number }> {
  const target = (await app.registry.scimTargets()).find((t) => t.id === targetId);
  if (!target) throw httpError(404, `No SCIM target ${targetId} in the registry`);
  const [planned] = plannedTargets([target]);
  const queued = await app.db.tx(async (q) => {
    const n = await enqueueWholeTarget(q, planned!);
    await audit(q, actor, {
      entityType: 'provisioning',
      entityId: null,
      action: 'resync',
      after: { target: target.id, queued: n },
    });
    return n;
  });
  app.provisioning.poke();
  return { queued };
}
