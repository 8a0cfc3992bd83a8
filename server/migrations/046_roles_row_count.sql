-- The number of roles kept as every counted table's is (migration 043: row_counts, row_count_kept()),
-- where migration 036 kept it in a table, a function and triggers of its own: one way of keeping a number
-- of rows. The triggers take the same names, so the old ones go first; row_count_kept_for counts the roles
-- again under a share lock (writers of roles wait for this migration's transaction).
DROP TRIGGER roles_counted_added ON roles;
DROP TRIGGER roles_counted_removed ON roles;
DROP TRIGGER roles_counted_truncated ON roles;
DROP FUNCTION roles_total_kept();
DROP TABLE roles_total;
SELECT row_count_kept_for('roles');
