/**
 * The profile API (issue 54 item 3): a person's current memberships with their roles' applications (names,
 * landing pages, logos) for eduID's "my roles"; an unknown person has none; service accounts only.
 */
import type { FastifyInstance } from 'fastify';
import { addMember, addUser, apiApp, DAY, insertRole } from '../test/api-kit.js';

const REMOTE_USERS = JSON.stringify([
  { username: 'profile', password: 'profile-secret-1', scopes: ['profile'] },
  { username: 'voot', password: 'voot-secret-1', scopes: ['voot'] },
]);
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const PROFILE = basic('profile', 'profile-secret-1');

let app: FastifyInstance;
const sub = 'urn:test:ann@example.org';
const ends = Math.floor(Date.now() / 1000) + 5 * DAY;

beforeAll(async () => {
  app = await apiApp({ env: { REMOTE_USERS } });
  const wiki = await insertRole(app, 'Wiki Readers', ['app-wiki']);
  const canvas = await insertRole(app, 'Canvas Managers', ['app-canvas']);
  const ended = await insertRole(app, 'Ended Role', ['app-wiki']);
  const userId = await addUser(app, 'ann@example.org');
  await addMember(app, userId, wiki, 'GUEST', new Date(ends * 1000));
  await addMember(app, userId, canvas, 'MANAGER');
  await addMember(app, userId, ended, 'GUEST', new Date(Date.now() - DAY * 1000));
  // The wiki role's own landing page; the canvas role's left to the application's.
  await app.db.query('UPDATE application_usages SET landing_page = NULL WHERE role_id = $1', [canvas]);
});
afterAll(() => app.close());

const profile = (query: string, authorization?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/external/v1/profile${query}`,
    headers: authorization ? { authorization } : {},
  });

describe('the profile API', () => {
  it("answers the person's current memberships with their applications' names, landing pages and logos", async () => {
    const res = await profile(`?collabPersonId=${encodeURIComponent(sub)}`, PROFILE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        name: 'Canvas Managers',
        description: 'About Canvas Managers',
        urn: 'urn:test:canvas_managers',
        authority: 'MANAGER',
        endDate: null,
        applications: [
          {
            manageId: 'app-canvas',
            nameEn: 'Learning Environment',
            nameNl: 'Leeromgeving',
            organisationEn: 'Universiteit Harderwijk',
            organisationNl: 'Universiteit Harderwijk',
            landingPage: 'https://lms.uni-harderwijk.example.org/welcome',
            logo: 'http://localhost:8080/registry/logos/app-canvas.svg',
          },
        ],
      },
      {
        name: 'Wiki Readers',
        description: 'About Wiki Readers',
        urn: 'urn:test:wiki_readers',
        authority: 'GUEST',
        endDate: ends,
        applications: [
          {
            manageId: 'app-wiki',
            nameEn: 'Research Wiki',
            nameNl: 'Onderzoekswiki',
            organisationEn: 'Universiteit Harderwijk',
            organisationNl: 'Universiteit Harderwijk',
            landingPage: 'https://example.org',
            logo: 'http://localhost:8080/registry/logos/app-wiki.svg',
          },
        ],
      },
    ]);
  });

  it('answers an empty list for an unknown person', async () => {
    const res = await profile('?collabPersonId=urn:collab:person:nowhere:nobody', PROFILE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a missing or empty collabPersonId (400), no credentials (401) and another scope (403)', async () => {
    for (const query of [
      '',
      '?collabPersonId=',
      `?collabPersonId=${'x'.repeat(513)}`,
      '?collabPersonId=a%00b',
    ]) {
      const res = await profile(query, PROFILE);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    const none = await profile(`?collabPersonId=${encodeURIComponent(sub)}`);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    const voot = await profile(`?collabPersonId=${encodeURIComponent(sub)}`, basic('voot', 'voot-secret-1'));
    expect(voot.statusCode).toBe(403);
    expect(voot.json().detail).toBe('This service account lacks the scope profile');
  });
});
