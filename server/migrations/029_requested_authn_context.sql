-- How firmly an invitee must be identified (issue 52): a role's requested authentication context (an ACR
-- value of ACR_VALUES, or none), and an invitation's own (its roles' by default). The login that accepts an
-- invitation asks the identity provider for it (acr_values); the acceptance checks the ID token's acr.
ALTER TABLE roles ADD COLUMN IF NOT EXISTS requested_authn_context TEXT;
ALTER TABLE invitations ADD COLUMN IF NOT EXISTS requested_authn_context TEXT;
