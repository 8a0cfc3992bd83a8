/**
 * Issue 7 item 2: a bulk invitation create reports its progress under the caller's X-Progress-Id, readable
 * at GET invitations/progress/{key} by the same user while it runs and for a while after.
 * Deterministic: the progress is read from inside the work (before each slice's transaction, inside each
 * mail), not by racing a timer against the request.
 */
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { BulkProgress } from '../domain/bulk-progress.js';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { addMember, apiApp, call, count, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import type { TestSession } from '../test/helper.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
/** Called inside every mail the server sends; the tests set it to read progress from there. */
let onMail: (mail: OutgoingMail) => Promise<void> = async () => undefined;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: (mail) => onMail(mail) } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki'], { defaultExpiryDays: 100 });
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
});
afterAll(() => app.close());
afterEach(() => {
  onMail = async () => undefined;
});

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}.${i}@example.com`);

function invite(session: TestSession, invites: string[], key?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/invitations',
    headers: key === undefined ? session.headers : { ...session.headers, 'x-progress-id': key },
    payload: { intendedAuthority: 'GUEST', invites, roleIdentifiers: [wiki] },
  });
}

const progressOf = (session: TestSession | null, key: string) =>
  call(app, session, 'GET', `/api/v1/invitations/progress/${key}`);

async function readProgress(session: TestSession, key: string): Promise<BulkProgress> {
  const res = await progressOf(session, key);
  expect(res.statusCode).toBe(200);
  return res.json() as BulkProgress;
}

it('reports the writes slice by slice, then the mails, then done with the counts', async () => {
  const key = randomUUID();
  const tx = app.db.tx.bind(app.db);
  const beforeSlices: BulkProgress[] = [];
  let reading = false;
  // Before each transaction of the request (the slices), what does a poll see?
  const spy = jest.spyOn(app.db, 'tx').mockImplementation(async (work) => {
    if (!reading) {
      reading = true;
      try {
        beforeSlices.push(await readProgress(s.manager, key));
      } finally {
        reading = false;
      }
    }
    return tx(work);
  });
  const duringMails: BulkProgress[] = [];
  onMail = async () => void duringMails.push(await readProgress(s.manager, key));
  let res: LightMyRequestResponse;
  try {
    res = await invite(s.manager, addresses('progress', 60), key);
  } finally {
    spy.mockRestore();
  }
  expect(res.statusCode).toBe(201);
  expect(res.json().created).toBe(60);

  const writing = beforeSlices.filter((p) => p.phase === 'writing');
  expect(writing.map((p) => p.written)).toEqual([0, 25, 50]);
  expect(writing.every((p) => p.total === 60 && p.mailed === 0 && !p.done)).toBe(true);

  expect(duringMails).toHaveLength(60);
  expect(duringMails.every((p) => p.phase === 'mailing' && p.written === 60 && p.total === 60)).toBe(true);
  const mailed = duringMails.map((p) => p.mailed);
  expect(mailed[0]).toBe(0);
  expect(mailed).toEqual([...mailed].sort((a, b) => a - b));
  expect(mailed.some((n) => n > 0 && n < 60)).toBe(true);

  expect(await readProgress(s.manager, key)).toEqual({
    phase: 'done',
    total: 60,
    written: 60,
    mailed: 60,
    done: true,
  });
});

it("answers 404 for another user's key and for an unknown one", async () => {
  const key = randomUUID();
  expect((await invite(s.manager, addresses('mine', 2), key)).statusCode).toBe(201);
  expect((await progressOf(s.manager, key)).statusCode).toBe(200);
  for (const other of [s.admin, s.inviter, s.guest]) {
    const res = await progressOf(other, key);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No progress known for this key');
  }
  expect((await progressOf(s.manager, randomUUID())).statusCode).toBe(404);
  expect((await progressOf(null, key)).statusCode).toBe(401);
});

it('refuses a key that is not a uuid with a 400 and stores nothing', async () => {
  const before = await count(app, 'invitations');
  const res = await invite(s.manager, addresses('badkey', 3), 'not-a-uuid');
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/x-progress-id/);
  expect(await count(app, 'invitations')).toBe(before);
  expect((await progressOf(s.manager, 'not-a-uuid')).statusCode).toBe(400);
  expect((await progressOf(s.manager, `${randomUUID()}x`)).statusCode).toBe(400);
});

it('keeps the contract without a key: the summary, and nothing to read', async () => {
  const res = await invite(s.manager, addresses('plain', 3));
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ created: 3, ids: expect.any(Array) });
});

it('marks a refused create as failed and done, with nothing written', async () => {
  const key = randomUUID();
  const res = await invite(s.manager, ['fine@example.com', 'not-an-address'], key);
  expect(res.statusCode).toBe(400);
  expect(await readProgress(s.manager, key)).toEqual({
    phase: 'failed',
    total: 0,
    written: 0,
    mailed: 0,
    done: true,
  });
});

it('refuses a second request with a key that is still running (409), and takes it once finished', async () => {
  const key = randomUUID();
  let second: LightMyRequestResponse | undefined;
  onMail = async () => {
    second ??= await invite(s.manager, addresses('second', 1), key);
  };
  const first = await invite(s.manager, addresses('first', 3), key);
  expect(first.statusCode).toBe(201);
  expect(second?.statusCode).toBe(409);
  onMail = async () => undefined;
  const again = await invite(s.manager, addresses('again', 1), key);
  expect(again.statusCode).toBe(201);
  expect(await readProgress(s.manager, key)).toMatchObject({ phase: 'done', total: 1, written: 1 });
});
