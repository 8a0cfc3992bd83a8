-- Rights follow their source (issue 51). A person's super-user right, institution-admin right and
-- organisation come from two places that are stored apart from here on:
--   * the login: SUPER_USER_SUBS (configuration) and the entitlements of the last login
--     (users.claims_institution_admin, users.claims_organization_guid, rewritten at every login);
--   * grants made by accepted SUPER_USER / INSTITUTION_ADMIN invitations (authority_grants), which last
--     until a super user removes them (PUT users/removeInstitutionAdmin/{userId}).
-- users.super_user, users.institution_admin and users.organization_guid stay the EFFECTIVE values that
-- every request reads; the server recomputes them from both sources at login, at a grant, at a removal,
-- and (super_user) at every start.
ALTER TABLE users ADD COLUMN IF NOT EXISTS claims_institution_admin BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN IF NOT EXISTS claims_organization_guid TEXT;

CREATE TABLE IF NOT EXISTS authority_grants (
  id                 BIGSERIAL PRIMARY KEY,
  user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  authority          TEXT NOT NULL CHECK (authority IN ('SUPER_USER', 'INSTITUTION_ADMIN')),
  -- The organisation an INSTITUTION_ADMIN grant is for (NULL for SUPER_USER).
  organization_guid  TEXT,
  -- The accepted invitation that made it; kept when the invitation row goes.
  invitation_id      BIGINT REFERENCES invitations (id) ON DELETE SET NULL,
  -- Who invited: their user (gone when they are) and their name as it was (or the integration's name).
  granted_by_id      BIGINT REFERENCES users (id) ON DELETE SET NULL,
  granted_by_name    TEXT,
  granted_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS authority_grants_user ON authority_grants (user_id, authority);
-- Foreign keys that delete or null: without these, deleting a user or an invitation scans the table.
CREATE INDEX IF NOT EXISTS authority_grants_invitation ON authority_grants (invitation_id)
  WHERE invitation_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS authority_grants_granted_by ON authority_grants (granted_by_id)
  WHERE granted_by_id IS NOT NULL;

-- Backfill, part 1: the grants of the past. An accepted SUPER_USER or INSTITUTION_ADMIN invitation is
-- never deleted (only open ones are: revoke, cleanup, a role's deletion), so every right an invitation
-- gave is found here, with who, when, through which invitation and who invited. Only where the user still
-- holds the right.
INSERT INTO authority_grants (user_id, authority, organization_guid, invitation_id, granted_by_id,
                              granted_by_name, granted_at)
SELECT i.accepted_by, i.intended_authority,
       CASE WHEN i.intended_authority = 'INSTITUTION_ADMIN' THEN COALESCE(i.organization_guid, u.organization_guid) END,
       i.id, i.inviter_id, COALESCE(inv.name, inv.email, i.remote_api_user), COALESCE(i.accepted_at, i.created_at)
  FROM invitations i
  JOIN users u ON u.id = i.accepted_by
  LEFT JOIN users inv ON inv.id = i.inviter_id
 WHERE i.status = 'ACCEPTED'
   AND ((i.intended_authority = 'SUPER_USER' AND u.super_user)
     OR (i.intended_authority = 'INSTITUTION_ADMIN' AND u.institution_admin))
   AND NOT EXISTS (SELECT 1 FROM authority_grants g WHERE g.invitation_id = i.id);

-- Backfill, part 2: every other stored right is what the claims said (a right no invitation explains came
-- from an entitlement, or from a hand-made UPDATE, which is not a source any more). The next login
-- rewrites these columns; until then nothing an institution admin holds changes. Where a grant explains
-- the right, the claims are left unknown (false / NULL) until that next login.
UPDATE users u SET
  claims_institution_admin = u.institution_admin,
  claims_organization_guid = u.organization_guid
 WHERE NOT EXISTS (SELECT 1 FROM authority_grants g WHERE g.user_id = u.id AND g.authority = 'INSTITUTION_ADMIN');
