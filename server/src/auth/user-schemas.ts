/** JSON schemas of the users endpoints. */
/** A user in lists: the users list reads schac_home_organization (spec §3). */
export const userListItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [5] },
    sub: { type: 'string', examples: ['urn:collab:person:example.org:guest'] },
    name: { type: ['string', 'null'], examples: ['Gina Guest'] },
    email: { type: ['string', 'null'], examples: ['guest@example.org'] },
    schac_home_organization: { type: ['string', 'null'], examples: ['example.org'] },
    schacHomeOrganization: { type: ['string', 'null'], examples: ['example.org'] },
    superUser: { type: 'boolean', examples: [false] },
    institutionAdmin: { type: 'boolean', examples: [false] },
    createdAt: { type: 'integer', examples: [1_767_225_600] },
    lastActivity: { type: 'integer', examples: [1_769_904_000] },
    authority: { type: 'string', examples: ['GUEST'] },
    userRoles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', examples: [77] },
          roleId: { type: 'integer', examples: [12] },
          roleName: { type: 'string', examples: ['Research wiki editors'] },
          authority: { type: 'string', examples: ['GUEST'] },
          endDate: { type: ['integer', 'null'], examples: [1_798_761_600] },
        },
      },
    },
  },
} as const;

export const configSchema = {
  type: 'object',
  required: ['authenticated'],
  properties: {
    authenticated: { type: 'boolean', examples: [true] },
    name: { type: 'string', examples: ['Mark Manager'] },
    missingAttributes: { type: 'array', items: { type: 'string' }, examples: [[]] },
    groupUrnPrefix: { type: 'string', examples: ['urn:mace:surf.nl:test.surfaccess.nl'] },
    pastDateAllowed: { type: 'boolean', examples: [false] },
    performanceSeedAllowed: { type: 'boolean', examples: [false] },
    locale: { type: 'string', examples: ['en'] },
    languages: { type: 'string', examples: ['nl, en'] },
    environment: { type: 'string', examples: ['test'] },
    serverUrl: { type: 'string', examples: ['https://portal.example.org'] },
    welcomeUrl: { type: 'string', examples: ['https://portal.example.org'] },
    helpUrl: { type: 'string', examples: ['https://help.example.org/portal'] },
    switchAppUrl: { type: 'string', examples: ['https://apps.example.org'] },
  },
} as const;

export const errorReportSchema = {
  type: 'object',
  maxProperties: 50,
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 4000 },
  examples: [{ 'Missing translation': 'roles:detail.title' }],
} as const;
