-- Indexes for the default orderings of the paged lists (roles and invitations by name / e-mail, newest
-- first) and for members of a role by kind; measured with the performance seed.
CREATE INDEX IF NOT EXISTS roles_name_lower ON roles (lower(name));
CREATE INDEX IF NOT EXISTS invitations_email_lower ON invitations (lower(email));
CREATE INDEX IF NOT EXISTS invitations_created_at ON invitations (created_at);
CREATE INDEX IF NOT EXISTS user_roles_role_authority ON user_roles (role_id, authority);
