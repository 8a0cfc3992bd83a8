-- Tidy data (jobs/tidy.job.ts): since when a user holds no membership at all, so that "users without any
-- membership for N days" (TIDY_USERS_WITHOUT_ROLES_DAYS) is one indexed comparison. A new user starts
-- without one (the default); the statement-level triggers below clear the mark when a membership is
-- added and set it when a user's last membership goes. Users that exist now and hold none are counted
-- from this migration on, never from an earlier moment nobody recorded.
ALTER TABLE users ADD COLUMN IF NOT EXISTS without_roles_since TIMESTAMPTZ DEFAULT now();
UPDATE users u SET without_roles_since = NULL
 WHERE without_roles_since IS NOT NULL AND EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id);
CREATE INDEX IF NOT EXISTS users_without_roles_since ON users (without_roles_since)
  WHERE without_roles_since IS NOT NULL;
-- The inactivity job reads users by their last activity.
CREATE INDEX IF NOT EXISTS users_last_activity ON users (last_activity);

CREATE OR REPLACE FUNCTION users_without_roles_since_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE users SET without_roles_since = NULL
         WHERE id IN (SELECT user_id FROM added) AND without_roles_since IS NOT NULL;
      ELSE
        UPDATE users u SET without_roles_since = now()
         WHERE u.id IN (SELECT user_id FROM removed) AND u.without_roles_since IS NULL
           AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id);
      END IF;
      RETURN NULL;
    END
  $$;

DROP TRIGGER IF EXISTS user_roles_added_without_roles ON user_roles;
CREATE TRIGGER user_roles_added_without_roles AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION users_without_roles_since_kept();
DROP TRIGGER IF EXISTS user_roles_removed_without_roles ON user_roles;
CREATE TRIGGER user_roles_removed_without_roles AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION users_without_roles_since_kept();
