-- The audit trail's number of rows, kept as they are written (migration 043's row_counts): its
-- unfiltered pages answered their capped total by reading 1,001 entries of the id index backwards (on
-- PGlite about as much as the page's rows); now they add up its rows (stores/audit.store.ts). Nothing writes
-- the trail with its triggers off.
SELECT row_count_kept_for('audit_logs');
