/**
 * /dev-eva: a development eVA guest-account service inside the portal's server (development only, mounted
 * with the development SCIM service; refused in production with it). It takes what the portal's eVA
 * delivery sends (`POST /dev-eva/api/v1/guest/create`, form-encoded, `X-Api-Key`; `POST
 * /dev-eva/api/v1/guest/disable/{id}`), keeps the accounts in memory, and lists them at GET /dev-eva.
 * The bundled registry's eVA provisioning (prov-eva-amstel) points here with DEV_EVA_TOKEN.
 */
import formbody from '@fastify/formbody';
import { page, when } from '../mailbox/dev-mailbox.pages.js';
import { escapeHtml } from '../../mail/format.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

export const DEV_EVA_PATH = '/dev-eva';

/** The path's `id`, as it comes. */
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
/** The development-only key of the bundled registry's eVA provisioning. */
export const DEV_EVA_TOKEN = 'development-only-eva-token';

export interface DevEvaAccount {
  id: string;
  name: string;
  email: string;
  dateFrom: string;
  dateTill: string;
  notifyByEmail: string;
  notifyBySms: string;
  preferredLanguage: string;
  disabled: boolean;
  created: Date;
  updated: Date;
}

export interface DevEvaService {
  accounts(): DevEvaAccount[];
  /** Calls received, by kind (create, update, disable, refused). */
  calls(): Record<string, number>;
  /** The next `n` calls are answered 500 (tests of retries). */
  failNext(n: number): void;
}

interface State {
  accounts: Map<string, DevEvaAccount>;
  calls: Record<string, number>;
  failing: number;
  next: number;
}

const states = new WeakMap<DevEvaService, State>();

export function createDevEvaService(): DevEvaService {
  const state: State = { accounts: new Map(), calls: {}, failing: 0, next: 1 };
  const service: DevEvaService = {
    accounts: () => [...state.accounts.values()].map((a) => ({ ...a })),
    calls: () => ({ ...state.calls }),
    failNext(n) {
      state.failing = n;
    },
  };
  states.set(service, state);
  return service;
}

const FIELDS = [
  'name',
  'email',
  'dateFrom',
  'dateTill',
  'notifyByEmail',
  'notifyBySms',
  'preferredLanguage',
] as const;

const text = { type: 'string' } as const;
/** The guest form as eVA reads it: every field a text (form-encoded); which are missing the handler says. */
const guestForm = {
  type: 'object',
  properties: {
    id: text,
    name: text,
    email: text,
    dateFrom: text,
    dateTill: text,
    notifyByEmail: text,
    notifyBySms: text,
    preferredLanguage: text,
  },
} as const;

export function devEvaPage(accounts: DevEvaAccount[]): string {
  const rows = [...accounts]
    .sort((a, b) => b.updated.getTime() - a.updated.getTime())
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.id)}</td><td>${escapeHtml(a.name)}</td><td>${escapeHtml(a.email)}</td>` +
        `<td>${escapeHtml(a.dateFrom)} – ${escapeHtml(a.dateTill)}</td><td>${a.disabled ? 'disabled' : 'active'}</td>` +
        `<td>${escapeHtml(when(a.updated))}</td></tr>`,
    )
    .join('\n');
  return page(
    'Development eVA service',
    `<p><a href="/dev-mailbox">&larr; Development mailbox</a></p>
      <h1>Development eVA service</h1>
      <p class="note">The guest accounts the portal created at the development eVA service, newest first. Kept in
      memory only: gone when the server stops.</p>
      ${
        accounts.length
          ? `<table><thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Valid</th><th scope="col">Status</th><th scope="col">Changed</th></tr></thead><tbody>${rows}</tbody></table>`
          : '<p>No guest accounts yet.</p>'
      }`,
  );
}

export async function devEvaPlugin(
  app: SchemaTypedApp,
  options: { token?: string; service?: DevEvaService },
): Promise<void> {
  const token = options.token ?? DEV_EVA_TOKEN;
  const service = options.service ?? createDevEvaService();
  const state = states.get(service)!;
  const count = (kind: string) => {
    state.calls[kind] = (state.calls[kind] ?? 0) + 1;
  };

  app.get(DEV_EVA_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(devEvaPage(service.accounts())),
  );

  await app.register(async (eva: SchemaTypedApp) => {
    if (!eva.hasContentTypeParser('application/x-www-form-urlencoded')) await eva.register(formbody);
    // The key is checked on arrival, before the form is read or validated, as eVA does.
    eva.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-api-key'] !== token) {
        count('refused');
        return reply.code(401).send({ error: 'a wrong or missing X-Api-Key' });
      }
      if (state.failing > 0) {
        state.failing -= 1;
        count('failed');
        return reply.code(500).send({ error: 'the development eVA service was told to fail' });
      }
    });

    eva.post(
      `${DEV_EVA_PATH}/api/v1/guest/create`,
      { schema: { body: guestForm } },
      async (request, reply) => {
        const body = request.body;
        const missing = FIELDS.filter((f) => !body[f]);
        if (missing.length > 0) return reply.code(400).send({ error: `missing: ${missing.join(', ')}` });
        const now = new Date();
        const known = body.id ? state.accounts.get(body.id) : undefined;
        if (body.id && !known) return reply.code(404).send({ error: `no guest account ${body.id}` });
        const id = known?.id ?? `eva-${state.next++}`;
        const account: DevEvaAccount = {
          id,
          name: body.name!,
          email: body.email!,
          dateFrom: body.dateFrom!,
          dateTill: body.dateTill!,
          notifyByEmail: body.notifyByEmail!,
          notifyBySms: body.notifyBySms!,
          preferredLanguage: body.preferredLanguage!,
          disabled: false,
          created: known?.created ?? now,
          updated: now,
        };
        state.accounts.set(id, account);
        count(known ? 'update' : 'create');
        return {
          id,
          name: account.name,
          email: account.email,
          dateFrom: account.dateFrom,
          dateTill: account.dateTill,
        };
      },
    );

    eva.post(
      `${DEV_EVA_PATH}/api/v1/guest/disable/:id`,
      { schema: { params: idParams } },
      async (request, reply) => {
        const account = state.accounts.get(request.params.id);
        if (!account) return reply.code(404).send({ error: `no guest account ${request.params.id}` });
        account.disabled = true;
        account.updated = new Date();
        count('disable');
        return { id: account.id, disabled: true };
      },
    );
  });
}

export default devEvaPlugin;
