import Fastify from 'fastify';
import { pageSchema } from './paging.js';
import { roleSchema } from './schemas.js';

describe('the role answer schema', () => {
  it("sends a role's applications as the registry gives them, nulls and fields of its own included", async () => {
    const role = {
      id: 7,
      name: 'Wiki Editors',
      shortName: 'wiki_editors',
      urn: 'urn:example:wiki_editors',
      description: 'Edit the wiki',
      defaultExpiryDays: 365,
      organizationGUID: null,
      applicationMaps: [
        {
          id: 'app-wiki',
          manageId: 'app-wiki',
          manageType: 'saml20_sp',
          type: 'saml20_sp',
          'name:en': 'Wiki',
          'name:nl': 'Wiki',
          'OrganizationName:en': null,
          logo: 'https://logos.example.org/wiki.svg',
          url: null,
          landingPage: 'https://wiki.example.org',
          receivesMemberships: false,
          institutionGuid: 'ad93daef-0911-e511-80d0-005056956c1a',
          contacts: [{ name: 'Ops', email: 'ops@example.org' }],
        },
        { id: 'app-gone', manageId: 'app-gone', unknown: true, landingPage: 'https://gone.example.org' },
      ],
      applicationUsages: [],
    };
    const app = Fastify();
    app.get('/roles', { schema: { response: { 200: pageSchema(roleSchema) } } }, async () => ({
      content: [role],
      totalElements: 1,
    }));
    try {
      const res = await app.inject({ method: 'GET', url: '/roles' });
      expect(res.json()).toEqual({ content: [role], totalElements: 1 });
    } finally {
      await app.close();
    }
  });
});
