-- State lives in the tables and is read fresh on every request: nothing is kept by the server between
-- requests, so nothing needs telling when it changes, and nothing is kept twice in the database either.
--
-- 1. The change notices of migrations 016 and 018 (an instance emptied what it kept when one arrived; a
--    listener whose connection died silently heard nothing, and kept serving revoked rights).
DROP TRIGGER IF EXISTS sessions_changed ON sessions;
DROP TRIGGER IF EXISTS users_changed ON users;
DROP TRIGGER IF EXISTS user_roles_changed ON user_roles;
DROP TRIGGER IF EXISTS roles_changed ON roles;
DROP TRIGGER IF EXISTS invitations_changed ON invitations;
DROP TRIGGER IF EXISTS invitation_roles_changed ON invitation_roles;
DROP TRIGGER IF EXISTS application_usages_changed ON application_usages;
DROP FUNCTION IF EXISTS portal_changed();

-- 2. The member counts kept on the roles (migrations 011, 013): every membership written or deleted
--    updated (and locked) its role. A list counts its page's roles' members when it reads them, through
--    user_roles_role_authority (role_id first).
DROP TRIGGER IF EXISTS user_roles_counted_added ON user_roles;
DROP TRIGGER IF EXISTS user_roles_counted_removed ON user_roles;
DROP TRIGGER IF EXISTS user_roles_counted_moved ON user_roles;
DROP FUNCTION IF EXISTS roles_member_counts_kept();
ALTER TABLE roles DROP COLUMN IF EXISTS user_role_count;

-- 3. The application usages copied onto the roles as JSON, and the number of roles (migration 014): read
--    from application_usages (by its unique (role_id, manage_id)) and counted from roles when asked.
DROP TRIGGER IF EXISTS application_usages_kept_added ON application_usages;
DROP TRIGGER IF EXISTS application_usages_kept_removed ON application_usages;
DROP TRIGGER IF EXISTS application_usages_kept_changed ON application_usages;
DROP FUNCTION IF EXISTS roles_usages_kept();
ALTER TABLE roles DROP COLUMN IF EXISTS usages;
DROP TRIGGER IF EXISTS roles_counted_added ON roles;
DROP TRIGGER IF EXISTS roles_counted_removed ON roles;
DROP TRIGGER IF EXISTS roles_counted_truncated ON roles;
DROP FUNCTION IF EXISTS roles_total_kept();
DROP TABLE IF EXISTS roles_total;
