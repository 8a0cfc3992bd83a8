-- The number of rows in the audit trail, kept as they are written (issue 58), as migration 043 keeps the
-- invitations': the trail's first page, unfiltered, answered its capped total by reading 1,001 entries
-- of the id index backwards (on PGlite about as much as the page's rows); now it adds up these rows
-- (stores/audit.store.ts). Up to 16 rows, one for each group of database connections (the backend's pid
-- modulo 16), so that two transactions writing the trail wait for each other only when their connections
-- share a row; each statement adds its difference to its own row, deletes included; the number is the
-- rows' sum. Written in the transaction that writes the trail, so a reader's snapshot sees the rows and
-- their number alike. Nothing writes the trail with its triggers off.
CREATE TABLE audit_log_count (
  shard INT PRIMARY KEY,
  n     BIGINT NOT NULL
);

INSERT INTO audit_log_count (shard, n) SELECT 0, count(*) FROM audit_logs;

-- One statement a write (an INSERT of the difference, none when it is 0): a single-row insert into the
-- table costs PostgreSQL about 45 µs more with it (pgbench, prepared; a count and an upsert apart: 73).
CREATE OR REPLACE FUNCTION audit_log_count_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO audit_log_count AS c (shard, n)
          SELECT pg_backend_pid() % 16, count(*) FROM added HAVING count(*) > 0
          ON CONFLICT (shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO audit_log_count AS c (shard, n)
          SELECT pg_backend_pid() % 16, -count(*) FROM removed HAVING count(*) > 0
          ON CONFLICT (shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSE
        DELETE FROM audit_log_count;
      END IF;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER audit_logs_counted_added AFTER INSERT ON audit_logs
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_kept();
CREATE TRIGGER audit_logs_counted_removed AFTER DELETE ON audit_logs
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_kept();
CREATE TRIGGER audit_logs_counted_truncated AFTER TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_kept();
