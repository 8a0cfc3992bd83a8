-- The application registry's snapshot (issue 51 item 3): one instance at a time reads the source
-- (REGISTRY_DIR's files or Manage over HTTP) and writes what it read here; every instance decides rights
-- from this row, so two instances never judge one person from two copies of the registry.
-- One row (id 1). `version` grows by one each time the content changes (its SHA-256 `content_hash`
-- differs); instances keep their parsed structures keyed by it and only re-read `entities` when it moved.
-- A failed refresh leaves `entities`, `version` and `fetched_at` alone and records `last_error(_at)`.
CREATE TABLE registry_snapshot (
  id smallint PRIMARY KEY CHECK (id = 1),
  -- {"applications": [...], "identityProviders": [...], "provisionings": [...]}: Manage-style entities.
  entities jsonb,
  content_hash text,
  -- 0 until a first refresh succeeded.
  version bigint NOT NULL DEFAULT 0,
  -- The last successful refresh (content changed or not), and when the content last changed.
  fetched_at timestamptz,
  changed_at timestamptz,
  -- The last refresh begun by any instance: refreshes are spaced by it across instances.
  attempted_at timestamptz,
  last_error text,
  last_error_at timestamptz
);
