-- A role's member count is kept on the role (roles.user_role_count) instead of counted by every read: every
-- list of roles and every session's own roles counted each role's memberships (a third of the role list's
-- statement on PGlite with 75 members a role), and sorting the super user's roles by members counted the
-- memberships of every role to show ten.
--
-- Kept by statement triggers on user_roles (one update a role per statement, however many memberships it
-- adds or removes, deletes cascading from a user or a role included). Roles are updated in id order, so two
-- statements changing the same roles' memberships wait for each other rather than deadlock. The performance
-- seed writes memberships with triggers skipped (see performance-seed.ts) and counts its roles at the end;
-- its test holds the counts equal to the memberships.
ALTER TABLE roles ADD COLUMN user_role_count integer NOT NULL DEFAULT 0;

UPDATE roles r SET user_role_count = m.n
  FROM (SELECT role_id, count(*)::int AS n FROM user_roles GROUP BY role_id) m
 WHERE r.id = m.role_id;

-- One function for the three triggers; each branch reads only the transition tables its event has.
CREATE OR REPLACE FUNCTION roles_member_counts_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    DECLARE
      changed record;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        FOR changed IN SELECT role_id, count(*)::int AS delta FROM added GROUP BY role_id ORDER BY role_id LOOP
          UPDATE roles SET user_role_count = user_role_count + changed.delta WHERE id = changed.role_id;
        END LOOP;
      ELSIF TG_OP = 'DELETE' THEN
        FOR changed IN SELECT role_id, -count(*)::int AS delta FROM removed GROUP BY role_id ORDER BY role_id LOOP
          UPDATE roles SET user_role_count = user_role_count + changed.delta WHERE id = changed.role_id;
        END LOOP;
      ELSE
        -- A membership moved to another role (no route does this today; a direct update still counts).
        FOR changed IN
          SELECT role_id, sum(delta)::int AS delta FROM (
            SELECT role_id, 1 AS delta FROM added UNION ALL SELECT role_id, -1 FROM removed) d
          GROUP BY role_id HAVING sum(delta) <> 0 ORDER BY role_id
        LOOP
          UPDATE roles SET user_role_count = user_role_count + changed.delta WHERE id = changed.role_id;
        END LOOP;
      END IF;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER user_roles_counted_added AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roles_member_counts_kept();
CREATE TRIGGER user_roles_counted_removed AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION roles_member_counts_kept();
CREATE TRIGGER user_roles_counted_moved AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roles_member_counts_kept();
