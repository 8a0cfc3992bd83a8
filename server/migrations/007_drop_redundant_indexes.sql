-- Three indexes that the order indexes of migration 003 cover (same leading expression): lookups by
-- lower(email) or lower(name) use those (checked with EXPLAIN), and every insert wrote both.
DROP INDEX IF EXISTS users_email_lower;
DROP INDEX IF EXISTS invitations_email_lower;
DROP INDEX IF EXISTS roles_name_lower;
