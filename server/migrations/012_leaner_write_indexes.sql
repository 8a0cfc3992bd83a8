-- Two indexes every write paid for without a read needing them as they were:
-- - user_roles_role_id (role_id): user_roles_role_authority (role_id, authority) leads with the same column
--   and serves every lookup by role (checked with EXPLAIN: a role's members, managers and counts);
-- - invitations_inviter (inviter_id) held an entry for every invitation, also the many without an inviter
--   (made through the API with a token, or by the performance seed: 75,000): the lookups are all by an
--   inviter (equal to, greater than, or not null), which a partial index without the nulls serves as well.
DROP INDEX IF EXISTS user_roles_role_id;
DROP INDEX IF EXISTS invitations_inviter;
CREATE INDEX IF NOT EXISTS invitations_inviter ON invitations (inviter_id) WHERE inviter_id IS NOT NULL;
