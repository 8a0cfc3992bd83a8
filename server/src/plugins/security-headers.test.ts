import { createHash } from 'node:crypto';
import { inlineScriptHashes, withScriptSources } from './security-headers.js';
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

describe('inline scripts of a page', () => {
  const sha = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

  it('hashes each inline script as it stands between its tags, and no script with src', () => {
    const html =
      '<head><script>a()</script><script defer="defer" src="/main.js"></script>' +
      '<SCRIPT type="module">\n  b("é")\n</SCRIPT ></head><body><script src=x.js></script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n  b("é")\n')]);
    expect(inlineScriptHashes('<title>no scripts</title>')).toEqual([]);
  });

  it('adds sources to script-src only', () => {
    const policy = "default-src 'self';script-src 'self' https://cdn.example.org;style-src 'self'";
    expect(withScriptSources(policy, ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' https://cdn.example.org 'sha256-x';style-src 'self'",
    );
    expect(withScriptSources(policy, [])).toBe(policy);
  });
});
