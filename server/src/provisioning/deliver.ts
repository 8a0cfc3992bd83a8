/**
 * One delivery: brings one resource (a role's group, or a person) at one SCIM target in line with the
 * database as it is now. What the target was sent before is in scim_resources and scim_group_members, so a
 * delivery sends only what differs, and sending one twice changes nothing.
 */
import type { Db } from '../db/types.js';
import { digest, eqFilter, membersPatch, scimGroup, scimUser, type ScimPatchBody } from '../domain/scim.js';
import type { ScimTarget } from '../registry/registry.js';
import {
  groupDelta,
  groupMembers,
  readGroupRole,
  usersForDelivery,
  type UserForDelivery,
} from '../stores/delivery-reads.store.js';
import { enqueueGroupsOf } from '../stores/provisioning-plan.store.js';
import {
  deliveredMembers,
  forgetGroup,
  forgetMemberships,
  forgetUsers,
  readResource,
  saveMembers,
  saveResource,
  saveUsers,
} from '../stores/scim-bookkeeping.store.js';
import { createInBulk, type BulkLimits } from './scim-bulk.js';
import { ScimError, type ScimClient } from './scim-client.js';

const plannedTarget = (t: ScimTarget) => ({
  id: t.id,
  applications: t.applications,
  groups: !t.userProvisioningOnly,
});

export interface DeliveryContext {
  db: Db;
  target: ScimTarget;
  client: ScimClient;
  /** The target's bulk limits (scim-bulk.ts bulkLimitsOnce); without it every user goes by a call of their own. */
  bulkLimits?: () => Promise<BulkLimits | null>;
}

function remoteIdOf(answer: { body: Record<string, unknown> | null }, what: string): string {
  const id = answer.body?.id;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new ScimError(`${what}: the answer has no id`, null, false);
  }
  return String(id);
}

/** Looks a resource up by a filter (after a 409 on create): its id, or null when the target finds none. */
async function findByFilter(client: ScimClient, collection: string, filter: string): Promise<string | null> {
  const answer = await client.send('GET', `/${collection}?filter=${encodeURIComponent(filter)}`);
  const resources = answer.body?.Resources;
  if (!Array.isArray(resources) || resources.length === 0) return null;
  const id = (resources[0] as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * POSTs a new resource; a 409 (the target has it already, from an earlier delivery whose answer was lost or
 * from elsewhere) looks it up by `filter` and adopts it, then PUTs our version over it.
 */
async function create(
  client: ScimClient,
  collection: 'Users' | 'Groups',
  body: object,
  filter: string,
): Promise<string> {
  try {
    return remoteIdOf(await client.send('POST', `/${collection}`, body), `POST /${collection}`);
  } catch (error) {
    if (!(error instanceof ScimError) || error.status !== 409) throw error;
    const id = await findByFilter(client, collection, filter);
    if (id === null) throw error;
    await client.send('PUT', `/${collection}/${encodeURIComponent(id)}`, { ...body, id });
    return id;
  }
}

/**
 * What sending one person left to record: nothing (null), gone from the target, or held there as sent
 * (`made`: made there just now, or sent again after a resync set them aside, so in none of its groups yet).
 */
type UserOutcome = null | 'gone' | { remoteId: string; digest: string; made: boolean };

/**
 * Brings one person at the target in line (HTTP only; the caller records the outcome): there while they
 * hold a guest membership of a role on its applications, as they are now; deleted there otherwise.
 */
async function sendUser(ctx: DeliveryContext, state: UserForDelivery): Promise<UserOutcome> {
  const { client, target } = ctx;
  const { known } = state;
  // The person, while the target should hold them (a person gone from the database is never wanted).
  const person = state.wanted ? state.person : null;
  if (person === null) {
    if (!known) return null;
    await client.send('DELETE', `/Users/${encodeURIComponent(known.remoteId)}`);
    return 'gone';
  }
  const body = scimUser(person, target.userIdentifier);
  const sent = digest(body);
  if (known && known.digest === sent) return null;
  if (!known) {
    const remoteId = await create(client, 'Users', body, eqFilter('userName', body.userName));
    return { remoteId, digest: sent, made: true };
  }
  try {
    await client.send('PUT', `/Users/${encodeURIComponent(known.remoteId)}`, { ...body, id: known.remoteId });
    return { remoteId: known.remoteId, digest: sent, made: known.digest === null };
  } catch (error) {
    // Deleted at the target behind our back (and so from its groups there): made again.
    if (!(error instanceof ScimError) || error.status !== 404) throw error;
    const remoteId = await create(client, 'Users', body, eqFilter('userName', body.userName));
    return { remoteId, digest: sent, made: true };
  }
}

/**
 * The users of a batch new to the target, made there in bulk requests when it takes them (scim-bulk.ts) and
 * two or more are new: `made`, as held there now; `failed`, those not made when the target could not be
 * reached for it (each recorded so, as their own call would be). Whoever is in neither goes by a call of
 * their own (sendUser).
 */
async function makeInBulk(
  ctx: DeliveryContext,
  userIds: readonly number[],
  states: ReadonlyMap<number, UserForDelivery>,
): Promise<{
  made: Array<{ userId: number; remoteId: string; digest: string }>;
  failed: Map<number, unknown>;
}> {
  const made: Array<{ userId: number; remoteId: string; digest: string }> = [];
  const failed = new Map<number, unknown>();
  const fresh = userIds.filter((userId) => {
    const state = states.get(userId)!;
    return state.wanted && state.person !== null && !state.known;
  });
  if (fresh.length < 2 || !ctx.bulkLimits) return { made, failed };
  let limits: Awaited<ReturnType<NonNullable<DeliveryContext['bulkLimits']>>>;
  try {
    limits = await ctx.bulkLimits();
  } catch (error) {
    // Its limits could not be read (the target not reachable): every new user failed so.
    for (const userId of fresh) failed.set(userId, error);
    return { made, failed };
  }
  // No bulk requests there: each is made by a call of its own, their bodies built there.
  if (limits === null) return { made, failed };
  const bodies = new Map<number, { body: object; digest: string }>();
  for (const userId of fresh) {
    const body = scimUser(states.get(userId)!.person!, ctx.target.userIdentifier);
    bodies.set(userId, { body, digest: digest(body) });
  }
  const outcome = await createInBulk(
    ctx.client,
    [...bodies].map(([key, { body }]) => ({ key, body })),
    limits,
  );
  for (const [userId, { digest: sent }] of bodies) {
    const remoteId = outcome.made.get(userId);
    if (remoteId !== undefined) made.push({ userId, remoteId, digest: sent });
    else if (outcome.failure !== undefined) failed.set(userId, outcome.failure);
  }
  return { made, failed };
}

/**
 * People at a target, a batch at a time: one read for all of them, those new there made in bulk when the
 * target takes that (makeInBulk), the others' calls `parallel` at a time, and
 * one transaction recording what the target now holds (and queueing the groups that name the users made
 * there). Answers each user's failure, or null when delivered.
 */
export async function deliverUsers(
  ctx: DeliveryContext,
  userIds: readonly number[],
  parallel: number,
): Promise<Map<number, unknown>> {
  const { db, target } = ctx;
  const states = await usersForDelivery(db, target.id, target.applications, userIds);
  const failures = new Map<number, unknown>();
  const held: Array<{ userId: number; remoteId: string; digest: string }> = [];
  const made: number[] = [];
  const gone: number[] = [];
  const inBulk = await makeInBulk(ctx, userIds, states);
  for (const user of inBulk.made) {
    failures.set(user.userId, null);
    held.push(user);
    made.push(user.userId);
  }
  for (const [userId, error] of inBulk.failed) failures.set(userId, error);
  // The rest, each by a call of its own.
  const rest = userIds.filter((userId) => !failures.has(userId));
  let next = 0;
  // A lane that finds no one left ends at once.
  const lanes = Array.from({ length: parallel }, async () => {
    while (next < rest.length) {
      const userId = rest[next++]!;
      try {
        // Every user asked is read (usersForDelivery answers each id, a person gone as null).
        const outcome = await sendUser(ctx, states.get(userId)!);
        failures.set(userId, null);
        if (outcome === 'gone') gone.push(userId);
        else if (outcome !== null) {
          held.push({ userId, remoteId: outcome.remoteId, digest: outcome.digest });
          if (outcome.made) made.push(userId);
        }
      } catch (error) {
        failures.set(userId, error);
      }
    }
  });
  await Promise.all(lanes);
  await db.tx(async (q) => {
    await saveUsers(q, target.id, held);
    await forgetUsers(q, target.id, gone);
    // Those made there are in none of its groups yet: their groups name them from now on.
    await forgetMemberships(q, target.id, made);
    await enqueueGroupsOf(q, plannedTarget(target), made);
  });
  return failures;
}

/**
 * A role's group at a target: there while the role is on one of its applications, named as the role, with
 * the role's current guest members. Sent as PATCH of what changed, or as PUT of the whole group when the
 * target asks so. A target that takes users only gets no groups.
 */
export async function deliverGroup(ctx: DeliveryContext, roleId: number): Promise<void> {
  const { db, target, client } = ctx;
  const known = await readResource(db, target.id, 'group', roleId);
  const role = target.userProvisioningOnly ? null : await readGroupRole(db, roleId, target.applications);
  if (!role) {
    if (known) {
      await client.send('DELETE', `/Groups/${encodeURIComponent(known.remoteId)}`);
      await forgetGroup(db, target.id, roleId);
    }
    return;
  }

  // The members the target holds as users, as last sent. The others are named once their own delivery
  // made them there (it queues this group again): a group never makes users itself, so that no user is
  // sent by two deliveries at once. Only the difference from what the group was sent is read, and only
  // for a group the target has; the whole list only when the group is sent whole.
  const named = digest({ name: role.name, urn: role.urn });
  const everyMember = async () => {
    const members = await groupMembers(db, target.id, roleId);
    return members.flatMap((m) =>
      m.known && m.known.digest !== null ? [{ userId: m.userId, remoteId: m.known.remoteId }] : [],
    );
  };
  /** Made (again) at the target with every member: its memberships recorded afresh. */
  const createWhole = async () => {
    const members = await everyMember();
    const id = await create(
      client,
      'Groups',
      scimGroup(
        role,
        members.map((m) => m.remoteId),
      ),
      eqFilter('displayName', role.name),
    );
    await forgetGroup(db, target.id, roleId);
    return { id, added: members.map((m) => m.userId), removed: [] as number[] };
  };

  let outcome: { id: string; added: number[]; removed: number[] };
  if (!known) {
    outcome = await createWhole();
  } else {
    const { added, removed } = await groupDelta(db, target.id, roleId);
    if (known.digest === named && added.length === 0 && removed.length === 0) return;
    try {
      if (target.putMethod) {
        const members = await everyMember();
        await client.send('PUT', `/Groups/${encodeURIComponent(known.remoteId)}`, {
          ...scimGroup(
            role,
            members.map((m) => m.remoteId),
          ),
          id: known.remoteId,
        });
        // Sent whole: the memberships recorded are exactly these.
        const sent = new Set(members.map((m) => m.userId));
        const had = (await deliveredMembers(db, target.id, roleId)).map((m) => m.userId);
        const hadSet = new Set(had);
        outcome = {
          id: known.remoteId,
          added: [...sent].filter((id) => !hadSet.has(id)),
          removed: had.filter((id) => !sent.has(id)),
        };
      } else {
        const patch: ScimPatchBody = membersPatch(
          added.map((m) => m.remoteId),
          // A member deleted at the target (remote id forgotten) left its groups with it.
          removed.flatMap((m) => (m.remoteId === null ? [] : [m.remoteId])),
        );
        if (known.digest !== named)
          patch.Operations.unshift({ op: 'replace', path: 'displayName', value: role.name });
        if (patch.Operations.length > 0) {
          await client.send('PATCH', `/Groups/${encodeURIComponent(known.remoteId)}`, patch);
        }
        outcome = {
          id: known.remoteId,
          added: added.map((m) => m.userId),
          removed: removed.map((m) => m.userId),
        };
      }
    } catch (error) {
      if (!(error instanceof ScimError) || error.status !== 404) throw error;
      // Deleted at the target behind our back: made again, whole.
      await forgetGroup(db, target.id, roleId);
      outcome = await createWhole();
    }
  }
  await saveResource(db, target.id, 'group', roleId, outcome.id, named);
  await saveMembers(db, target.id, roleId, outcome.added, outcome.removed);
}
