-- The word indexes of the searches (users, invitations and their inviters, roles) keep their pending list
-- again (GIN's fast update on), each at most 64 kB as migration 047 set: migration 048's change is undone.
--
-- Without a list every new or changed row's words went into the index as the row was written. An accepted
-- invitation changes its status and acceptor, both indexed, so its update is never a HOT one and writes
-- every index of the row again, both word indexes among them; a login that changes a user does the same for
-- the users' index whenever its page is full. Measured with e2e/bench/provisioning-run.mjs (1,000
-- acceptances into one role, 2 December, the same machine and code but for this setting):
--   PGlite:     171-201 memberships a second without the lists (three runs), 273-296 with them (two);
--               acceptance p95 120-136 ms against 74-89; the server's CPU 5.3-6.3 ms a membership
--               against 3.5-3.7 (PGlite's thread works inside the server's process);
--   PostgreSQL: no difference beyond the noise: 213-217 without (two runs), 178-254 with (four); acceptance
--               p95 108-118 ms against 89-131.
-- What 048 bought, a search that never reads rows added since the last merge, measured 0.05-0.08 ms a
-- statement with one client and could not be told from the noise at 32 callers. A search now reads at most
-- 64 kB of new rows (8 pages), merged by the insert that passes the limit or by a vacuum.
ALTER INDEX users_search_words SET (fastupdate = on);
ALTER INDEX invitations_search_words SET (fastupdate = on);
ALTER INDEX invitations_inviter_words SET (fastupdate = on);
ALTER INDEX roles_name_trgm SET (fastupdate = on);
