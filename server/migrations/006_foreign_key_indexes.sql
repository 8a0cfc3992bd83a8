-- Foreign keys whose referencing column had no index: deleting a user made PostgreSQL look for invitations it
-- had accepted and tokens it owned with a scan of the whole table, per user (clearing 1,000 seeded users
-- took 18 s at ten times the performance seed's volume, and every user deletion scanned all invitations).
CREATE INDEX IF NOT EXISTS invitations_accepted_by ON invitations (accepted_by) WHERE accepted_by IS NOT NULL;
CREATE INDEX IF NOT EXISTS api_tokens_owner_id ON api_tokens (owner_id);
