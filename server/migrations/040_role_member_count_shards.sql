-- The roles' kept member counts (migration 038) spread over up to 16 rows a role, one for each group of
-- database connections (the backend's pid modulo 16): a role's count is the sum of its rows. With one
-- row a role, every transaction writing a membership of a role waited at that row for the previous
-- one's commit: on PostgreSQL 16 concurrent acceptances into one role (a membership and an audit row
-- each) ran at 630 a second instead of 3,000, 25 ms each instead of 5. Now two transactions wait for
-- each other only when their connections share a row; on PGlite (one backend) a role keeps one row.
--
-- Every change adds its difference to its own row (inserted when missing), deletes included: a role's
-- rows may hold negative numbers, their sum is its members. No foreign key to roles: a role's rows are
-- deleted with it by a statement trigger on roles, which runs before its memberships' cascade, so the
-- cascade's deletes leave the rows of roles no longer there alone. Still written in the transaction that
-- writes the memberships, so never stale. (A membership deleted by another transaction while its role is
-- being deleted may leave a row of that gone role behind: read by no list, and no role id comes back.)
ALTER TABLE role_member_counts DROP CONSTRAINT role_member_counts_role_id_fkey;
ALTER TABLE role_member_counts DROP CONSTRAINT role_member_counts_pkey;
ALTER TABLE role_member_counts ADD COLUMN shard INT NOT NULL DEFAULT 0;
ALTER TABLE role_member_counts ADD PRIMARY KEY (role_id, shard);

-- In role id order within a statement (the rows locked in that order), each difference into this
-- connection's row.
CREATE OR REPLACE FUNCTION role_member_counts_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO role_member_counts AS c (role_id, shard, n)
          SELECT role_id, pg_backend_pid() % 16, count(*) FROM added GROUP BY role_id ORDER BY role_id
          ON CONFLICT (role_id, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        -- Not for a role deleted with its memberships (the cascade): its rows are gone already.
        INSERT INTO role_member_counts AS c (role_id, shard, n)
          SELECT d.role_id, pg_backend_pid() % 16, -count(*) FROM removed d
           WHERE EXISTS (SELECT 1 FROM roles r WHERE r.id = d.role_id)
           GROUP BY d.role_id ORDER BY d.role_id
          ON CONFLICT (role_id, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSE
        DELETE FROM role_member_counts;
      END IF;
      RETURN NULL;
    END
  $$;

CREATE OR REPLACE FUNCTION role_member_counts_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      INSERT INTO role_member_counts AS c (role_id, shard, n)
        SELECT d.role_id, pg_backend_pid() % 16, d.n
          FROM (VALUES (OLD.role_id, -1), (NEW.role_id, 1)) d (role_id, n) ORDER BY d.role_id
        ON CONFLICT (role_id, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
  $$;

-- A deleted role's rows.
CREATE OR REPLACE FUNCTION role_member_counts_dropped() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM role_member_counts WHERE role_id IN (SELECT id FROM removed);
      ELSE
        DELETE FROM role_member_counts;
      END IF;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER roles_member_counts_dropped AFTER DELETE ON roles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION role_member_counts_dropped();
CREATE TRIGGER roles_member_counts_truncated AFTER TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION role_member_counts_dropped();
