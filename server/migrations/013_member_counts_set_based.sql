-- The member counts of migration 011, kept with two statements however many roles a statement touches: the
-- roles are locked first, in id order (so two statements changing the same roles' memberships wait for
-- each other rather than deadlock), then updated at once. Migration 011 updated them one by one: deleting
-- a batch of 1,000 users (their memberships spread over hundreds of roles) ran hundreds of updates.
CREATE OR REPLACE FUNCTION roles_member_counts_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM 1 FROM roles WHERE id IN (SELECT role_id FROM added) ORDER BY id FOR NO KEY UPDATE;
        UPDATE roles r SET user_role_count = r.user_role_count + d.delta
          FROM (SELECT role_id, count(*)::int AS delta FROM added GROUP BY role_id) d
         WHERE r.id = d.role_id;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM 1 FROM roles WHERE id IN (SELECT role_id FROM removed) ORDER BY id FOR NO KEY UPDATE;
        UPDATE roles r SET user_role_count = r.user_role_count - d.delta
          FROM (SELECT role_id, count(*)::int AS delta FROM removed GROUP BY role_id) d
         WHERE r.id = d.role_id;
      ELSE
        -- A membership moved to another role (no route does this today; a direct update still counts).
        PERFORM 1 FROM roles
          WHERE id IN (SELECT a.role_id FROM added a JOIN removed o USING (id) WHERE a.role_id <> o.role_id
                       UNION SELECT o.role_id FROM added a JOIN removed o USING (id) WHERE a.role_id <> o.role_id)
          ORDER BY id FOR NO KEY UPDATE;
        UPDATE roles r SET user_role_count = r.user_role_count + d.delta
          FROM (SELECT role_id, sum(delta)::int AS delta FROM (
                  SELECT a.role_id, 1 AS delta FROM added a JOIN removed o USING (id) WHERE a.role_id <> o.role_id
                  UNION ALL
                  SELECT o.role_id, -1 FROM added a JOIN removed o USING (id) WHERE a.role_id <> o.role_id) m
                GROUP BY role_id) d
         WHERE r.id = d.role_id AND d.delta <> 0;
      END IF;
      RETURN NULL;
    END
  $$;
