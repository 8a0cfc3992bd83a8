-- Application managers (issue 53; OpenConext Invite's #693): APPLICATION_MANAGER, between INSTITUTION_ADMIN
-- and MANAGER, holds rights per registry application. An APPLICATION_MANAGER invitation names the
-- applications (invitation_applications, its manageIdentifiers); accepting it grants them
-- (user_applications: who, through which invitation, who invited, when), until a super user or an
-- institution admin of the application's organisation removes them (PUT users/removeApplicationManager/{id}).
-- The user's applications are read with the user on every request, so a removal holds from the next one.
ALTER TABLE invitations DROP CONSTRAINT IF EXISTS invitations_intended_authority_check;
ALTER TABLE invitations ADD CONSTRAINT invitations_intended_authority_check CHECK (
  intended_authority IN ('SUPER_USER', 'INSTITUTION_ADMIN', 'APPLICATION_MANAGER', 'MANAGER', 'INVITER', 'GUEST'));

CREATE TABLE IF NOT EXISTS invitation_applications (
  invitation_id  BIGINT NOT NULL REFERENCES invitations (id) ON DELETE CASCADE,
  manage_id      TEXT NOT NULL,
  manage_type    TEXT NOT NULL CHECK (manage_type IN ('saml20_sp', 'oidc10_rp')),
  PRIMARY KEY (invitation_id, manage_id)
);

CREATE TABLE IF NOT EXISTS user_applications (
  id               BIGSERIAL PRIMARY KEY,
  user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  manage_id        TEXT NOT NULL,
  manage_type      TEXT NOT NULL CHECK (manage_type IN ('saml20_sp', 'oidc10_rp')),
  -- The accepted invitation that made it; kept when the invitation row goes.
  invitation_id    BIGINT REFERENCES invitations (id) ON DELETE SET NULL,
  -- Who invited: their user (gone when they are) and their name as it was (or the integration's name).
  granted_by_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
  granted_by_name  TEXT,
  granted_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, manage_id)
);
-- The list of an application's managers (an institution admin's screen reads by application).
CREATE INDEX IF NOT EXISTS user_applications_manage_id ON user_applications (manage_id);
-- Foreign keys that delete or null: without these, deleting a user or an invitation scans the table.
CREATE INDEX IF NOT EXISTS user_applications_invitation ON user_applications (invitation_id)
  WHERE invitation_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS user_applications_granted_by ON user_applications (granted_by_id)
  WHERE granted_by_id IS NOT NULL;
