-- A notice on channel portal_changes at the commit of every statement that changes the tables a session
-- is read with (the session, its user, the user's roles and those roles; db/change-clock.ts). Instances
-- over the same PostgreSQL database listen to it (db/change-listener.ts): what one of them keeps of a
-- session is dropped as soon as another one, or anyone else, changes one of those rows. PostgreSQL sends
-- the notices of one transaction once, and only when it commits. A notice names the application_name of
-- the connection that committed: an instance's own commits are counted when they end, not again. (PGlite
-- has no other writer; its notices reach nobody.)
CREATE OR REPLACE FUNCTION portal_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM pg_notify('portal_changes', current_setting('application_name'));
      RETURN NULL;
    END;
  $$;

CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
CREATE TRIGGER roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
