/** JSON schemas of the users endpoints. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const pagedQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    query: { type: 'string', maxLength: 255 },
    pageNumber: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    // Unknown keys sort by name: clients built for other list columns keep working.
    sort: { type: 'string', pattern: '^[A-Za-z_.]{1,64}$' },
    sortDirection: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
    roleId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;

export interface PagedQueryString {
  query?: string;
  pageNumber: number;
  pageSize: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC' | 'asc' | 'desc';
  roleId?: number;
}

/** A user in lists: the users list reads schac_home_organization (spec §3). */
export const userListItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    sub: { type: 'string' },
    name: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    schac_home_organization: { type: ['string', 'null'] },
    schacHomeOrganization: { type: ['string', 'null'] },
    superUser: { type: 'boolean' },
    institutionAdmin: { type: 'boolean' },
    createdAt: { type: 'integer' },
    lastActivity: { type: 'integer' },
    authority: { type: 'string' },
    userRoles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          roleId: { type: 'integer' },
          roleName: { type: 'string' },
          authority: { type: 'string' },
          endDate: { type: ['integer', 'null'] },
        },
      },
    },
  },
} as const;

export const pageSchema = {
  type: 'object',
  required: ['content', 'totalElements'],
  properties: { content: { type: 'array', items: userListItemSchema }, totalElements: { type: 'integer' } },
} as const;

export const configSchema = {
  type: 'object',
  required: ['authenticated'],
  properties: {
    authenticated: { type: 'boolean' },
    name: { type: 'string' },
    missingAttributes: { type: 'array', items: { type: 'string' } },
    groupUrnPrefix: { type: 'string' },
    pastDateAllowed: { type: 'boolean' },
    performanceSeedAllowed: { type: 'boolean' },
    locale: { type: 'string' },
    languages: { type: 'string' },
    environment: { type: 'string' },
    serverUrl: { type: 'string' },
    welcomeUrl: { type: 'string' },
    helpUrl: { type: 'string' },
    switchAppUrl: { type: 'string' },
  },
} as const;

export const errorReportSchema = {
  type: 'object',
  maxProperties: 50,
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 4000 },
} as const;
