-- Each role's number of members, kept by the database in the transaction that adds or deletes memberships
-- (issue 58): every role list counted its page's roles' members, one subquery over user_roles a row. On
-- PGlite that subquery cost the super user's first role page (ten roles) a third of its statement; the kept
-- number is read by primary key.
--
-- Written by triggers on user_roles in the same transaction as the memberships, so never stale: a
-- rolled-back membership rolls its count back with it. A table of its own, not a column of roles (as
-- migrations 011 and 013 kept it, dropped by 019): a membership written locks its role's count row only,
-- never the role, so a role is edited while its members change. Two transactions changing the same role's
-- memberships wait for each other at that row until the first commits; the rows are locked in role id
-- order, so two statements over the same roles wait rather than deadlock.
--
-- A role without a row has no members (a new role, or one whose memberships were never written). A role's
-- row goes with the role. Bulk loads that skip triggers (the performance seed as 'replica') write the
-- counts of their roles themselves.
CREATE TABLE role_member_counts (
  role_id BIGINT PRIMARY KEY REFERENCES roles (id) ON DELETE CASCADE,
  n       INT NOT NULL
);
INSERT INTO role_member_counts (role_id, n) SELECT role_id, count(*) FROM user_roles GROUP BY role_id;

CREATE OR REPLACE FUNCTION role_member_counts_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        -- In role id order, each row locked as it is written. The roles exist (the memberships' foreign key).
        INSERT INTO role_member_counts AS c (role_id, n)
          SELECT role_id, count(*) FROM added GROUP BY role_id ORDER BY role_id
          ON CONFLICT (role_id) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        -- A role deleted with its memberships (the cascade) may have lost its row already: nothing to do.
        PERFORM 1 FROM role_member_counts WHERE role_id IN (SELECT role_id FROM removed)
          ORDER BY role_id FOR UPDATE;
        UPDATE role_member_counts c SET n = c.n - d.n
          FROM (SELECT role_id, count(*)::int AS n FROM removed GROUP BY role_id) d
         WHERE c.role_id = d.role_id;
      ELSE
        DELETE FROM role_member_counts;
      END IF;
      RETURN NULL;
    END
  $$;

-- A membership moved to another role (no route does this; a direct update still counts).
CREATE OR REPLACE FUNCTION role_member_counts_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM 1 FROM role_member_counts WHERE role_id IN (OLD.role_id, NEW.role_id)
        ORDER BY role_id FOR UPDATE;
      UPDATE role_member_counts SET n = n - 1 WHERE role_id = OLD.role_id;
      INSERT INTO role_member_counts AS c (role_id, n) VALUES (NEW.role_id, 1)
        ON CONFLICT (role_id) DO UPDATE SET n = c.n + 1;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER user_roles_counted_added AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION role_member_counts_kept();
CREATE TRIGGER user_roles_counted_removed AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION role_member_counts_kept();
CREATE TRIGGER user_roles_counted_truncated AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION role_member_counts_kept();
CREATE TRIGGER user_roles_counted_moved AFTER UPDATE OF role_id ON user_roles
  FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id) EXECUTE FUNCTION role_member_counts_moved();
