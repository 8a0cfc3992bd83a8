-- A role's member list reads its memberships from the role's index alone (issue 58: a role's members, the
-- database's CPU at most 300 us a page). The index on (role_id, authority) found a role's memberships, and
-- the page then read each of them from the table: a role's 75 memberships lie on 75 pages (they are written
-- as people accept, among every other role's), 77 of the page's 302 buffers. Holding the columns the lists
-- read (USER_ROLE_SELECT in user-roles.store.ts, the kind's guest_role_included) in the index lets the
-- planner read them there, once the pages are marked all-visible (autovacuum, or the seed's VACUUM). The
-- index takes the old one's place, so a membership written still updates one index for its role.
CREATE INDEX user_roles_role_members ON user_roles (role_id, authority)
  INCLUDE (user_id, guest_role_included, end_date, created_at, expiry_notified_at, id);
DROP INDEX user_roles_role_authority;
