-- The performance seed's people and roles are made up: they must not reach an application. Its writes
-- fired the provisioning triggers (migration 020) like any other, and every seeded guest was queued for
-- the applications' SCIM APIs: 37,500 users for a one-time seed, 375,000 for a ten-times one, sent for
-- many minutes after the seed (to the development SCIM service inside the server under `npm start` and
-- the bench, whose every figure measured that work alongside its own). A transaction that sets
-- `portal.provisioning` to 'off' (SET LOCAL, the seed's only) writes no provisioning change; every other
-- write, whatever code makes it, still does.
CREATE OR REPLACE FUNCTION provisioning_memberships_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.provisioning', true) = 'off' THEN
    RETURN NULL;
  END IF;
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

CREATE OR REPLACE FUNCTION provisioning_membership_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.provisioning', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO provisioning_changes (kind, local_id) VALUES ('group', NEW.role_id), ('user', NEW.user_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION provisioning_role_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.provisioning', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO provisioning_changes (kind, local_id)
    VALUES ('group', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION provisioning_role_applications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.provisioning', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO provisioning_changes (kind, local_id)
    VALUES ('members', CASE WHEN TG_OP = 'DELETE' THEN OLD.role_id ELSE NEW.role_id END);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION provisioning_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.provisioning', true) = 'off' THEN
    RETURN NULL;
  END IF;
  INSERT INTO provisioning_changes (kind, local_id)
    VALUES ('user', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
