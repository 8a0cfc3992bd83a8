/** JSON schemas of the users endpoints. */
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
  examples: [{ 'Missing translation': 'roles:detail.title' }],
} as const;
