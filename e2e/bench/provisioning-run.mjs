#!/usr/bin/env node
// The provisioning part of the bench alone (`node e2e/bench/provisioning-run.mjs`): its own server and SCIM
// service provider, 1,000 acceptances (BENCH_ACCEPTANCES), printed as JSON: acceptances' time and p95, when
// the provider held every membership, memberships a second. `npm run bench` measures the same, with voot
// and attribute aggregation after it.
import { ensureBuilt } from '../harness/index.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';
import { measureProvisioning } from './provisioning.mjs';

await ensureBuilt();
const smtp = await startSmtp();
try {
  const result = await measureProvisioning({ smtp, smtpUrl: smtp.url, acceptLink, remoteCalls: false });
  console.log(JSON.stringify(result, null, 2));
} finally {
  await smtp.close();
}
