-- The number of invitations, kept as they are written (issue 58): whether there are more than the
-- searches' cap (1,000) was asked of every unfiltered invitation list (a super user's invitations tab, all
-- statuses, no text) by reading 1,001 entries of the primary key, about half of that page's statement on
-- PGlite. Now the list adds up these rows instead (stores/invitations.store.ts, searched-page.ts `count`).
--
-- As migration 040 keeps the roles' member counts: up to 16 rows, one for each group of database
-- connections (the backend's pid modulo 16), so two transactions writing invitations wait for each other
-- only when their connections share a row; each statement adds its difference to its own row (inserted
-- when missing), deletes included; the number is the rows' sum. Written in the transaction that writes the
-- invitations, so a reader's snapshot sees the invitations and their number alike: never stale.
-- Writes that skip triggers (session_replication_role = replica: the performance seed's batches) count
-- again afterwards (invitation_count_recounted).
CREATE TABLE invitation_count (
  shard INT PRIMARY KEY,
  n     BIGINT NOT NULL
);

INSERT INTO invitation_count (shard, n) SELECT 0, count(*) FROM invitations;

-- One statement a write (an INSERT of the difference, none when it is 0): a single-row insert into the
-- table costs PostgreSQL about 45 µs more with it (pgbench, prepared; a count and an upsert apart: 73).
CREATE OR REPLACE FUNCTION invitation_count_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO invitation_count AS c (shard, n)
          SELECT pg_backend_pid() % 16, count(*) FROM added HAVING count(*) > 0
          ON CONFLICT (shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO invitation_count AS c (shard, n)
          SELECT pg_backend_pid() % 16, -count(*) FROM removed HAVING count(*) > 0
          ON CONFLICT (shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSE
        DELETE FROM invitation_count;
      END IF;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER invitations_counted_added AFTER INSERT ON invitations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invitation_count_kept();
CREATE TRIGGER invitations_counted_removed AFTER DELETE ON invitations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION invitation_count_kept();
CREATE TRIGGER invitations_counted_truncated AFTER TRUNCATE ON invitations
  FOR EACH STATEMENT EXECUTE FUNCTION invitation_count_kept();

-- Counted again from the table, for writes that skipped the triggers; the invitations locked against
-- writers until the caller's transaction ends, so that none is counted twice or missed.
CREATE OR REPLACE FUNCTION invitation_count_recounted() RETURNS void
  LANGUAGE plpgsql
  AS $$
    BEGIN
      LOCK TABLE invitations IN SHARE MODE;
      DELETE FROM invitation_count;
      INSERT INTO invitation_count (shard, n) SELECT 0, count(*) FROM invitations;
    END
  $$;
