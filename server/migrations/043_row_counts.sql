-- Tables' numbers of rows, kept as the rows are written (issue 58), for lists whose capped total asked of
-- every page whether there are more than the searches' cap (1,000) by reading 1,001 index entries: the
-- super user's list of every invitation (all statuses, no text; about half of that page's statement on
-- PGlite) here, the audit trail's unfiltered pages in migration 044. They now add up these rows
-- (stores/invitations.store.ts, searched-page.ts `count`; stores/audit.store.ts).
--
-- As migration 040 keeps the roles' member counts: up to 16 rows a table, one for each group of database
-- connections (the backend's pid modulo 16), so that two transactions writing the table wait for each other
-- only when their connections share a row; each statement adds its difference to its own row (inserted when
-- missing), deletes included; the number is the rows' sum. Written in the transaction that writes the rows,
-- so a reader's snapshot sees the rows and their number alike: never stale. Writes that skip triggers
-- (session_replication_role = replica: the performance seed's batches) count again afterwards
-- (row_count_recounted).
CREATE TABLE row_counts (
  counted TEXT NOT NULL,
  shard   INT NOT NULL,
  n       BIGINT NOT NULL,
  PRIMARY KEY (counted, shard)
);

-- One statement a write (an INSERT of the difference, none when it is 0): a single-row insert into a counted
-- table costs PostgreSQL about 45 µs more with it (pgbench, prepared; a count and an upsert apart: 73).
CREATE OR REPLACE FUNCTION row_count_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO row_counts AS c (counted, shard, n)
          SELECT TG_TABLE_NAME, pg_backend_pid() % 16, count(*) FROM added HAVING count(*) > 0
          ON CONFLICT (counted, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO row_counts AS c (counted, shard, n)
          SELECT TG_TABLE_NAME, pg_backend_pid() % 16, -count(*) FROM removed HAVING count(*) > 0
          ON CONFLICT (counted, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
      ELSE
        DELETE FROM row_counts WHERE counted = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END
  $$;

-- A table counted again from its rows, for writes that skipped the triggers; the table locked against
-- writers until the caller's transaction ends, so that no row is counted twice or missed.
CREATE OR REPLACE FUNCTION row_count_recounted(counted_table regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
    DECLARE
      table_name TEXT := (SELECT relname FROM pg_class WHERE oid = counted_table);
    BEGIN
      EXECUTE format('LOCK TABLE %s IN SHARE MODE', counted_table);
      DELETE FROM row_counts c WHERE c.counted = table_name;
      EXECUTE format('INSERT INTO row_counts (counted, shard, n) SELECT %L, 0, count(*) FROM %s',
        table_name, counted_table);
    END
  $$;

-- A table's number of rows kept from now on: counted, then followed by its triggers.
CREATE OR REPLACE FUNCTION row_count_kept_for(counted_table regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
    DECLARE
      table_name TEXT := (SELECT relname FROM pg_class WHERE oid = counted_table);
    BEGIN
      PERFORM row_count_recounted(counted_table);
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS added
                        FOR EACH STATEMENT EXECUTE FUNCTION row_count_kept()', table_name || '_counted_added', counted_table);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS removed
                        FOR EACH STATEMENT EXECUTE FUNCTION row_count_kept()', table_name || '_counted_removed', counted_table);
      EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s
                        FOR EACH STATEMENT EXECUTE FUNCTION row_count_kept()', table_name || '_counted_truncated', counted_table);
    END
  $$;

SELECT row_count_kept_for('invitations');
