-- The audit trail answers "who gave whom which access, when" for a role, a user or an invitation: each
-- row names its subjects (the roles and the person it is about) so a filtered page is read from an index.
ALTER TABLE audit_logs ADD COLUMN IF NOT EXISTS role_ids BIGINT[] NOT NULL DEFAULT '{}';
ALTER TABLE audit_logs ADD COLUMN IF NOT EXISTS role_name TEXT;
ALTER TABLE audit_logs ADD COLUMN IF NOT EXISTS user_id BIGINT;
ALTER TABLE audit_logs ADD COLUMN IF NOT EXISTS user_name TEXT;

-- Rows written before this migration: their subjects come from the snapshots they carry.
UPDATE audit_logs SET
  role_ids = CASE
    WHEN entity_type = 'role' AND entity_id IS NOT NULL THEN ARRAY[entity_id]
    WHEN entity_type = 'user_role' THEN ARRAY(
      SELECT (coalesce(after, before) ->> 'roleId')::bigint WHERE coalesce(after, before) ? 'roleId')
    WHEN entity_type = 'invitation' AND jsonb_typeof(coalesce(after, before) -> 'roleIds') = 'array' THEN ARRAY(
      SELECT jsonb_array_elements_text(coalesce(after, before) -> 'roleIds')::bigint)
    ELSE '{}'::bigint[] END,
  role_name = CASE WHEN entity_type = 'role' THEN coalesce(after, before) ->> 'name' END,
  user_id = CASE
    WHEN entity_type = 'user' THEN entity_id
    WHEN entity_type = 'user_role' THEN (coalesce(after, before) ->> 'userId')::bigint
    WHEN entity_type = 'api_token' THEN (coalesce(after, before) ->> 'ownerId')::bigint END,
  user_name = CASE
    WHEN entity_type IN ('user_role', 'invitation') THEN coalesce(after, before) ->> 'email'
    WHEN entity_type = 'user' THEN coalesce(coalesce(after, before) ->> 'name', coalesce(after, before) ->> 'email') END;

-- Newest first, whole trail and per subject.
CREATE INDEX IF NOT EXISTS audit_logs_newest ON audit_logs (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_logs_role_ids ON audit_logs USING gin (role_ids);
CREATE INDEX IF NOT EXISTS audit_logs_user_newest ON audit_logs (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS audit_logs_actor_newest ON audit_logs (actor_id, created_at DESC, id DESC);
-- The actor filter searches part of a name, like the other searches.
CREATE INDEX IF NOT EXISTS audit_logs_actor_name_trgm ON audit_logs USING gin (lower(actor_name) gin_trgm_ops);
