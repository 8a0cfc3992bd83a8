-- How many roles there are, kept by the database in the transaction that adds or deletes roles (issue 58): the
-- super user's role list (the home screen's first page, no search text) counted every role for its total on
-- each call. At ten times the performance seed (5,000 roles) that count was 60 % of the page's statement on
-- PostgreSQL, and at a hundred times (50,000) most of it. Lists with a search text, or of the roles a user
-- may see, still count what they match.
--
-- Written by statement triggers on roles in the same transaction as the roles themselves, so never stale: a
-- rolled-back insert or delete rolls its count back with it. Roles are added and deleted rarely (an
-- administrator, the seeds), so one row taking each change is no bottleneck; two transactions changing
-- roles wait for each other at this row until the first commits.
-- (Migration 014 kept the same row, and migration 019 dropped it with the kept member counts and usages;
-- this brings back only the total, which a membership never touches.)
CREATE TABLE roles_total (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n        bigint NOT NULL
);
INSERT INTO roles_total (n) SELECT count(*) FROM roles;

CREATE OR REPLACE FUNCTION roles_total_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE roles_total SET n = n + (SELECT count(*) FROM added);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE roles_total SET n = n - (SELECT count(*) FROM removed);
      ELSE
        UPDATE roles_total SET n = 0;
      END IF;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER roles_counted_added AFTER INSERT ON roles
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roles_total_kept();
CREATE TRIGGER roles_counted_removed AFTER DELETE ON roles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION roles_total_kept();
CREATE TRIGGER roles_counted_truncated AFTER TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION roles_total_kept();
