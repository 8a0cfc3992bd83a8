-- A role's application usages in id order, from the index alone (issue 58): every list of roles reads each
-- role's usages as JSON in id order (role.rows.ts ROLE_USAGES; the roles page, a session's held roles, an
-- invitation page's role summaries), one subquery a role. Through the unique (role_id, manage_id) index each
-- read fetched the rows from the table and sorted them; from this one it reads them in order with their
-- columns (a table vacuumed by autovacuum, or PGlite's upkeep). On PGlite the super user's first role page
-- (ten roles) cost 140 -> 129 us on the database's thread. Usages are written rarely (a role's edit).
CREATE INDEX IF NOT EXISTS application_usages_role_order
  ON application_usages (role_id, id) INCLUDE (manage_id, manage_type, landing_page);
