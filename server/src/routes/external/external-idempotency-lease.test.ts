/**
 * An Idempotency-Key whose request died with its instance is released after the lease (issue 51, item 6):
 * its row stays without an answer, and a retry after IDEMPOTENCY_LEASE_SECONDS runs once; before the lease
 * it is 409 as ever. The key is bound to its operation as well as its body (issue 57).
 */
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../domain/outgoing-mail.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  IDEMPOTENCY_LEASE_SECONDS,
  releaseIdempotencyKey,
  renewIdempotencyClaim,
} from '../../stores/idempotency.store.js';
import { apiApp, insertRole, loginPersonas } from '../../test/api-kit.js';
import { idempotencyRequestHash } from '../../use-cases/idempotent.js';
import { ext, makeToken } from './external-test-kit.js';

let app: FastifyInstance;
const mails: OutgoingMail[] = [];
/** While set, each mail waits for it: a request under way is held in its work. */
let gate: Promise<void> | null = null;
let token: { secret: string; id: number };
let wiki: number;

beforeAll(async () => {
  app = await apiApp({
    mailer: {
      send: async (mail) => {
        mails.push(mail);
        if (gate) await gate;
      },
    },
  });
  const s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  token = await makeToken(app, s.institutionAdmin, 'HR system');
});
afterAll(() => app.close());

const invite = (email: string) => ({ intendedAuthority: 'GUEST', invites: [email], roleIdentifiers: [wiki] });
const invitationsOf = async (email: string) =>
  (await app.db.query('SELECT id FROM invitations WHERE email = $1', [email])).rows.length;

/** The row a request leaves when its instance dies after claiming `key`: no answer, claimed `ago` seconds back. */
async function diedWith(key: string, body: unknown, ago: number): Promise<void> {
  await app.db.query(
    `INSERT INTO idempotency_keys (token_id, key, operation, request_hash, claim_id, claimed_at, created_at)
     VALUES ($1, $2, 'POST invitations', $3, 'a-dead-instance', now() - make_interval(secs => $4), now() - make_interval(secs => $4))`,
    [token.id, key, idempotencyRequestHash('POST invitations', body), ago],
  );
}

const post = (key: string, body: unknown) =>
  ext(app, token.secret, 'POST', '/invitations', body, { 'idempotency-key': key });

it('a retry after the lease runs once: 201, then its answer again', async () => {
  mails.length = 0;
  const body = invite('after.lease@example.edu');
  await diedWith('lease-1', body, IDEMPOTENCY_LEASE_SECONDS + 1);
  const retry = await post('lease-1', body);
  expect(retry.statusCode).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBeUndefined();
  const again = await post('lease-1', body);
  expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
  expect(again.json()).toEqual(retry.json());
  expect(await invitationsOf('after.lease@example.edu')).toBe(1);
  expect(mails.map((m) => m.to)).toEqual(['after.lease@example.edu']);
  const row = await app.db.query<{ status: number }>('SELECT status FROM idempotency_keys WHERE key = $1', [
    'lease-1',
  ]);
  expect(row.rows).toEqual([{ status: 201 }]);
});

it('two retries at once after the lease: one runs, the other is told 409', async () => {
  mails.length = 0;
  const body = invite('two.retries@example.edu');
  await diedWith('lease-2', body, IDEMPOTENCY_LEASE_SECONDS + 1);
  let release!: () => void;
  gate = new Promise<void>((resolve) => (release = resolve));
  try {
    const answers = [post('lease-2', body), post('lease-2', body)];
    // The one that runs waits at its mail until released; the other answers meanwhile (a second run
    // would wait at its mail too, and this would never resolve).
    const first = await Promise.race(answers);
    expect([first.statusCode, first.json().detail]).toEqual([
      409,
      'A request with this Idempotency-Key is still being processed: retry in a few seconds',
    ]);
    release();
    expect((await Promise.all(answers)).map((a) => a.statusCode).sort()).toEqual([201, 409]);
  } finally {
    gate = null;
    release();
  }
  expect(await invitationsOf('two.retries@example.edu')).toBe(1);
  expect(mails).toHaveLength(1);
});

it('an unfinished claim younger than the lease is 409, and nothing is written', async () => {
  mails.length = 0;
  const body = invite('within.lease@example.edu');
  await diedWith('lease-3', body, IDEMPOTENCY_LEASE_SECONDS - 20);
  const retry = await post('lease-3', body);
  expect(retry.statusCode).toBe(409);
  expect(await invitationsOf('within.lease@example.edu')).toBe(0);
  expect(mails).toEqual([]);
  const row = await app.db.query('SELECT status, claim_id FROM idempotency_keys WHERE key = $1', ['lease-3']);
  expect(row.rows).toEqual([{ status: null, claim_id: 'a-dead-instance' }]);
});

it('a dead claim of another body is still refused after the lease (422): the key stays bound to its request', async () => {
  await diedWith('lease-4', invite('first.body@example.edu'), IDEMPOTENCY_LEASE_SECONDS + 1);
  const other = await post('lease-4', invite('other.body@example.edu'));
  expect(other.statusCode).toBe(422);
  expect(await invitationsOf('other.body@example.edu')).toBe(0);
});

it('the same key and body on another operation is not the first answer again (422)', async () => {
  // A body both operations take: the invitation's fields and the provisioning's e-mail.
  const body = {
    ...invite('one.key@example.edu'),
    email: 'one.key@example.edu',
    suppressSendingEmails: true,
  };
  const invited = await post('one-key-two-operations', body);
  expect(invited.statusCode).toBe(201);
  const provisioned = await ext(app, token.secret, 'POST', '/user_roles/user_role_provisioning', body, {
    'idempotency-key': 'one-key-two-operations',
  });
  expect(provisioned.headers['idempotent-replayed']).toBeUndefined();
  expect(provisioned.statusCode).toBe(422);
  const member = await app.db.query(
    "SELECT 1 FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.email = 'one.key@example.edu'",
  );
  expect(member.rows).toEqual([]);
});

it('a running request keeps its claim by renewing it, and a claim taken over is no longer its own', async () => {
  const op = 'POST invitations';
  const hash = idempotencyRequestHash(op, { any: 'body' });
  const claim = (id: string) => claimIdempotencyKey(app.db, token.id, 'lease-5', op, hash, id);
  const leaseAgo = () =>
    app.db.query(
      "UPDATE idempotency_keys SET claimed_at = now() - make_interval(secs => $1) WHERE key = 'lease-5'",
      [IDEMPOTENCY_LEASE_SECONDS + 1],
    );
  expect(await claim('a')).toEqual({ kind: 'new' });
  // Still running past a lease's age, but renewed: a retry is told it is under way.
  await leaseAgo();
  await renewIdempotencyClaim(app.db, token.id, 'lease-5', 'a');
  expect(await claim('b')).toEqual({ kind: 'in-progress' });
  // Renewal stopped (the instance died): the retry takes it over; the old claimant can neither store its
  // answer over the retry's nor let go of the retry's claim.
  await leaseAgo();
  expect(await claim('b')).toEqual({ kind: 'new' });
  expect(await completeIdempotencyKey(app.db, token.id, 'lease-5', 'a', 201, { from: 'a' })).toBe(false);
  await releaseIdempotencyKey(app.db, token.id, 'lease-5', 'a');
  expect(await completeIdempotencyKey(app.db, token.id, 'lease-5', 'b', 201, { from: 'b' })).toBe(true);
  expect(await claim('c')).toEqual({ kind: 'replay', status: 201, response: { from: 'b' } });
});
