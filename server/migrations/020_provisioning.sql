-- Provisioning (issue 41): what the console decides reaches the applications' SCIM APIs, dependably.
--
-- 1. provisioning_changes: every change that may concern a SCIM target, written by triggers in the same
--    transaction as the change, whatever code made it (a route, a job, a seed, the external API). A change
--    names a resource only (a role's group, a role's members, a user); the delivery worker reads the
--    resource's state afresh when it sends, so changes to one resource fold into one delivery.
CREATE TABLE provisioning_changes (
  id        BIGSERIAL PRIMARY KEY,
  -- 'group': a role's group (made, renamed, deleted, members changed); 'members': a role's applications
  -- changed, so its group and every guest member may concern other targets; 'user': a person (attributes,
  -- memberships, deleted).
  kind      TEXT NOT NULL CHECK (kind IN ('group', 'members', 'user')),
  local_id  BIGINT NOT NULL
);

-- 2. provisioning_queue: one row per target and resource waiting (or failed) to be sent. A new change to
--    a resource bumps its seq: a delivery under way that read the older state leaves the row to be sent
--    again. leased_until keeps two instances from sending one resource at once (a lease, not a lock held
--    across the HTTP call); an instance killed mid-delivery leaves a lease that simply runs out.
CREATE TABLE provisioning_queue (
  id               BIGSERIAL PRIMARY KEY,
  target           TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('group', 'user')),
  local_id         BIGINT NOT NULL,
  seq              BIGINT NOT NULL,
  status           TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  leased_until     TIMESTAMPTZ,
  last_attempt_at  TIMESTAMPTZ,
  last_status      INTEGER,
  last_error       TEXT,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (target, kind, local_id)
);
CREATE SEQUENCE provisioning_queue_seq;
CREATE INDEX provisioning_queue_due ON provisioning_queue (target, id) WHERE status = 'waiting';

-- 3. What each target holds, as far as the console has delivered it: the remote id of each user and group
--    (kept after the local row is gone, to delete the remote one), the digest of what was last sent, and
--    the group memberships delivered.
CREATE TABLE scim_resources (
  target      TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('group', 'user')),
  local_id    BIGINT NOT NULL,
  remote_id   TEXT NOT NULL,
  sent_digest TEXT,
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (target, kind, local_id)
);
CREATE INDEX scim_resources_local ON scim_resources (kind, local_id);

CREATE TABLE scim_group_members (
  target   TEXT NOT NULL,
  role_id  BIGINT NOT NULL,
  user_id  BIGINT NOT NULL,
  PRIMARY KEY (target, role_id, user_id)
);
CREATE INDEX scim_group_members_user ON scim_group_members (user_id);

-- 4. The triggers. Memberships: a guest membership (GUEST, or another authority with the guest role
--    included) added, removed or changed into or out of one. Statement-level with transition tables, so a
--    seed writing thousands of memberships writes one change per distinct role and user.
CREATE FUNCTION provisioning_memberships_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO provisioning_changes (kind, local_id)
      SELECT DISTINCT 'group', role_id FROM new_rows WHERE authority = 'GUEST' OR guest_role_included
      UNION SELECT DISTINCT 'user', user_id FROM new_rows WHERE authority = 'GUEST' OR guest_role_included;
  ELSE
    INSERT INTO provisioning_changes (kind, local_id)
      SELECT DISTINCT 'group', role_id FROM old_rows WHERE authority = 'GUEST' OR guest_role_included
      UNION SELECT DISTINCT 'user', user_id FROM old_rows WHERE authority = 'GUEST' OR guest_role_included;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER user_roles_provisioning_added AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provisioning_memberships_changed();
CREATE TRIGGER user_roles_provisioning_removed AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provisioning_memberships_changed();

CREATE FUNCTION provisioning_membership_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_changes (kind, local_id) VALUES ('group', NEW.role_id), ('user', NEW.user_id);
  RETURN NULL;
END $$;
CREATE TRIGGER user_roles_provisioning_moved AFTER UPDATE ON user_roles FOR EACH ROW
  WHEN ((OLD.authority = 'GUEST' OR OLD.guest_role_included) IS DISTINCT FROM
        (NEW.authority = 'GUEST' OR NEW.guest_role_included))
  EXECUTE FUNCTION provisioning_membership_moved();

-- Roles: made, renamed, deleted (the group's name and existence).
CREATE FUNCTION provisioning_role_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_changes (kind, local_id)
    VALUES ('group', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
CREATE TRIGGER roles_provisioning_made AFTER INSERT OR DELETE ON roles FOR EACH ROW
  EXECUTE FUNCTION provisioning_role_changed();
CREATE TRIGGER roles_provisioning_renamed AFTER UPDATE ON roles FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.urn IS DISTINCT FROM NEW.urn)
  EXECUTE FUNCTION provisioning_role_changed();

-- A role's applications: the targets of its group and of its members may change.
CREATE FUNCTION provisioning_role_applications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_changes (kind, local_id)
    VALUES ('members', CASE WHEN TG_OP = 'DELETE' THEN OLD.role_id ELSE NEW.role_id END);
  RETURN NULL;
END $$;
CREATE TRIGGER application_usages_provisioning AFTER INSERT OR DELETE ON application_usages FOR EACH ROW
  EXECUTE FUNCTION provisioning_role_applications_changed();
CREATE TRIGGER application_usages_provisioning_moved AFTER UPDATE ON application_usages FOR EACH ROW
  WHEN (OLD.manage_id IS DISTINCT FROM NEW.manage_id OR OLD.role_id IS DISTINCT FROM NEW.role_id)
  EXECUTE FUNCTION provisioning_role_applications_changed();

-- Users: the attributes a target receives, and deletion. Not last_activity (written on every request).
CREATE FUNCTION provisioning_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO provisioning_changes (kind, local_id)
    VALUES ('user', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
CREATE TRIGGER users_provisioning_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION provisioning_user_changed();
CREATE TRIGGER users_provisioning_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.sub IS DISTINCT FROM NEW.sub OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.given_name IS DISTINCT FROM NEW.given_name OR OLD.family_name IS DISTINCT FROM NEW.family_name
        OR OLD.name IS DISTINCT FROM NEW.name
        OR OLD.eduperson_principal_name IS DISTINCT FROM NEW.eduperson_principal_name)
  EXECUTE FUNCTION provisioning_user_changed();
