-- One limiter for every credential (plugins/credential-limiter.ts), counted here so that it holds across
-- instances: failed HTTP Basic logins and unknown API tokens per account and per client address, the
-- external API's calls per token owner, and the refusals written to the audit trail per address. A row
-- is one key's count in its current window, which begins at the key's first hit and lasts a minute; a
-- call adds one (or starts a new window) with a single upsert that answers the new count. The cleanup
-- job removes the rows whose window ended long ago.
CREATE TABLE credential_limits (
  key           TEXT PRIMARY KEY,
  window_start  TIMESTAMPTZ NOT NULL,
  count         INTEGER NOT NULL
);
CREATE INDEX credential_limits_window ON credential_limits (window_start);
