-- Every GIN index keeps its pending list (GIN's fast update) at most 64 kB, the least PostgreSQL allows,
-- instead of the default 4 MB.
--
-- A GIN index takes new rows into a pending list, merged into the index only by a vacuum or by the insert
-- that finds the list past its limit; and every search by the index reads the whole list. On PostgreSQL
-- autovacuum comes by after 1,000 + 20 % of a table's rows were inserted (about 20,000 invitations at the
-- performance seed's volume), on PGlite the server's own upkeep by the same rule (pglite-db.ts
-- maintainWhenDue): until then a text search read every row added since, as a list. Measured on the
-- performance seed (PostgreSQL, 96,000 invitations, one client): after 3,000 new invitations the
-- invitations' text search took 1.9-3.3 ms a statement with the default limit (62 pending pages), 1.3-1.5
-- ms with this one (6 pages at most), 1.0-1.2 ms with no pending list at all (fast update off); inserting
-- the 3,000 took 143-160 ms with the default limit, 149-160 with this one, and 274-279 with fast update off.
-- So the list stays, small: inserts merge it in short pieces, and a search reads a few pages of it at most.
--
-- The setting is the index's own, and wins over a session's gin_pending_list_limit (the performance seed's).
-- A new GIN index takes it too (src/db/gin-pending-lists.test.ts holds every GIN index to it).
ALTER INDEX users_search_words SET (gin_pending_list_limit = 64);
ALTER INDEX invitations_search_words SET (gin_pending_list_limit = 64);
ALTER INDEX invitations_inviter_words SET (gin_pending_list_limit = 64);
ALTER INDEX roles_name_trgm SET (gin_pending_list_limit = 64);
ALTER INDEX audit_logs_role_ids SET (gin_pending_list_limit = 64);
ALTER INDEX audit_logs_actor_name_trgm SET (gin_pending_list_limit = 64);
