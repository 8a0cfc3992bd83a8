-- eVA and Microsoft Graph provisioning (issue 54 item 5). Their remote ids are kept in scim_resources (kind
-- 'user'), like a SCIM target's users. A Graph invitation also has a redeem link the guest must follow: kept
-- here until they come back through /api/v1/users/ms-accept-return/{target}/{userId} (redeemed_at set).
CREATE TABLE graph_invitations (
  target       TEXT NOT NULL,
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  remote_id    TEXT NOT NULL,
  redeem_url   TEXT NOT NULL,
  redeemed_at  TIMESTAMPTZ,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (target, user_id)
);
CREATE INDEX graph_invitations_user ON graph_invitations (user_id);
