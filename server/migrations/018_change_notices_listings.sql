-- The change notices of migration 016 for the tables whose rows are also kept between requests: an
-- invitation search page's invitations with their role links (stores/invitation-memo.ts) and the roles'
-- application usages (stores/role-memo.ts). What one instance keeps of them is dropped as soon as another
-- one, or anyone else, changes one of those rows.
CREATE TRIGGER invitations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invitations
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
CREATE TRIGGER invitation_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invitation_roles
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
CREATE TRIGGER application_usages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON application_usages
  FOR EACH STATEMENT EXECUTE FUNCTION portal_changed();
