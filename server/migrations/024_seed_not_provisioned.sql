-- The performance seed's people and roles are made up: they must not reach an application. Its writes
-- fired the provisioning triggers (migration 020) like any other, and every seeded guest was queued for
-- the applications' SCIM APIs: 37,500 users for a one-time seed, 375,000 for a ten-times one, sent for
-- many minutes after the seed (to the development SCIM service inside the server under `npm start` and
-- the bench, whose every figure measured that work alongside its own). In a transaction that sets
-- `portal.provisioning` to 'off' (SET LOCAL, the seed's only) the change rows those triggers write are
-- dropped here, where they all arrive; every other write, whatever code makes it, still records its changes.
CREATE FUNCTION provisioning_change_wanted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.provisioning', true) = 'off' THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER provisioning_changes_wanted BEFORE INSERT ON provisioning_changes FOR EACH ROW
  EXECUTE FUNCTION provisioning_change_wanted();
