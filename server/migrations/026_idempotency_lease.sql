-- An Idempotency-Key whose request died with its instance (use-cases/idempotent.ts) kept an empty status
-- and answered 409 for its whole 24 hours. A claim now holds under a lease: claimed_at is when it was taken
-- (or last renewed by its running request), and a retry after the lease takes the key over in one
-- statement. claim_id names the request holding it, so that a request whose claim was taken over
-- neither stores its answer over the new claimant's nor lets go of the new claim.
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS claimed_at TIMESTAMPTZ NOT NULL DEFAULT now();
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS claim_id TEXT;
