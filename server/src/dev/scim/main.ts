/**
 * The development SCIM service provider as a process of its own, for tests that stop and start it:
 * `PORT=9090 DEV_SCIM_TENANTS='{"harderwijk":{"bearer":"secret"}}' node server/dist/dev/scim/main.js`
 * (`HOST`: 127.0.0.1 unless given; `PORT` unset: any free port). Tenants at
 * `http://<host>:<port>/dev-scim/<tenant>/v2`. Prints `dev-scim listening on http://<host>:<port> …` when
 * ready; SIGINT / SIGTERM end it. Its data are in memory: gone when it stops.
 */
import { portFromEnv, startDevScim, tenantsFromEnv } from './standalone.js';

async function main(): Promise<void> {
  const running = await startDevScim({
    port: portFromEnv(process.env.PORT),
    host: process.env.HOST || '127.0.0.1',
    tenants: tenantsFromEnv(process.env.DEV_SCIM_TENANTS),
  });
  process.stdout.write(
    `dev-scim listening on ${running.url} (tenants at /dev-scim/<tenant>/v2: ${running.scim.tenants().join(', ')})\n`,
  );
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`dev-scim could not start: ${(error as Error).message}`);
  process.exit(1);
});
