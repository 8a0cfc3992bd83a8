-- The external API (/api/external/v1, issue 40).
--
-- 1. Idempotency keys: a retried POST with the same Idempotency-Key and the same body answers the first
--    answer again (and sends no second mail); with another body it is a 422. Kept here, not in a
--    server's memory, so that a retry that reaches another instance is recognised too. A key belongs to
--    the token that sent it, and lives 24 hours (older rows are ignored, and removed by the cleanup job).
--    A row without a status is a request under way: a second one with the key waits for nothing and is
--    told 409.
CREATE TABLE idempotency_keys (
  token_id      BIGINT NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  key           TEXT NOT NULL,
  operation     TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  status        INTEGER,
  response      JSONB,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (token_id, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- 2. The token as actor of the audit trail: a change made through the external API names the token that
--    made it (the owner may lose the token, the row keeps its number).
ALTER TABLE audit_logs ADD COLUMN api_token_id BIGINT;
