import { buildTestApp } from '../test/helper.js';

describe('security headers', () => {
  it('sends the headers helmet sets on every answer: API, anonymous, not found, error', async () => {
    const app = await buildTestApp();
    try {
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/v1/users/config' }),
        app.inject({ method: 'GET', url: '/api/v1/users/me' }),
        app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }),
        app.inject({ method: 'GET', url: '/api/v1/users/search?pageSize=ten' }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400]);
      for (const answer of answers) {
        expect(answer.headers).toMatchObject({
          'content-security-policy': expect.stringContaining("default-src 'self'"),
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'cross-origin',
          'origin-agent-cluster': '?1',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
          'x-dns-prefetch-control': 'off',
          'x-download-options': 'noopen',
          'x-frame-options': 'SAMEORIGIN',
          'x-permitted-cross-domain-policies': 'none',
          'x-xss-protection': '0',
        });
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer.headers['x-powered-by']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
