-- What every role list reads, kept with the roles instead of computed for every row of every list:
--
-- 1. A role's application usages as JSON (`roles.usages`: its application_usages rows in id order), kept by
--    statement triggers on application_usages. Each list row aggregated them in a subquery (half the cost
--    of the super user's first role page on PGlite, with the total below), and each request's session
--    did the same for every role of its user.
-- 2. How many roles there are (`roles_total`, one row), kept by statement triggers on roles. The super
--    user's role list (the home screen's first page) counted every role for its total on each call. Lists
--    with a search text, or of a user's own roles, still count what they match.
ALTER TABLE roles ADD COLUMN usages jsonb NOT NULL DEFAULT '[]'::jsonb;

UPDATE roles r SET usages = u.usages
  FROM (SELECT role_id, jsonb_agg(au ORDER BY au.id) AS usages FROM application_usages au GROUP BY role_id) u
 WHERE r.id = u.role_id;

-- The roles a statement on application_usages touched: locked in id order (as migration 013: two statements
-- on the same roles wait for each other rather than deadlock), then given their usages again. A role
-- deleted with its usages (the cascade) is no longer there to update.
CREATE OR REPLACE FUNCTION roles_usages_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    DECLARE
      touched bigint[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        touched := ARRAY(SELECT DISTINCT role_id FROM added);
      ELSIF TG_OP = 'DELETE' THEN
        touched := ARRAY(SELECT DISTINCT role_id FROM removed);
      ELSE
        touched := ARRAY(SELECT role_id FROM added UNION SELECT role_id FROM removed);
      END IF;
      PERFORM 1 FROM roles WHERE id = ANY(touched) ORDER BY id FOR NO KEY UPDATE;
      UPDATE roles r
         SET usages = COALESCE((SELECT jsonb_agg(au ORDER BY au.id) FROM application_usages au
                                 WHERE au.role_id = r.id), '[]'::jsonb)
       WHERE r.id = ANY(touched);
      RETURN NULL;
    END
  $$;

CREATE TRIGGER application_usages_kept_added AFTER INSERT ON application_usages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roles_usages_kept();
CREATE TRIGGER application_usages_kept_removed AFTER DELETE ON application_usages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION roles_usages_kept();
CREATE TRIGGER application_usages_kept_changed AFTER UPDATE ON application_usages
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roles_usages_kept();

-- One row, always: the number of roles.
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
