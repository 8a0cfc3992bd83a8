import { writeFileSync } from 'node:fs';
import { apiApp } from './test/api-kit.js';
it('dumps', async () => {
  const app = await apiApp({ mailer: { send: async () => undefined } });
  for (const [n, u] of [['console', '/api/v1/openapi.json'], ['external', '/api/external/v1/openapi.json']]) {
    const res = await app.inject({ method: 'GET', url: u! });
    writeFileSync(`/tmp/doc/${n}.json`, JSON.stringify(res.json(), null, 2));
  }
  await app.close();
});
