-- The audit trail filtered by event (entity type + action), newest first: without it such a filter reads
-- the whole trail (113,000 rows after the performance seed) to find a handful of rows.
CREATE INDEX IF NOT EXISTS audit_logs_event_newest ON audit_logs (entity_type, action, created_at DESC, id DESC);
