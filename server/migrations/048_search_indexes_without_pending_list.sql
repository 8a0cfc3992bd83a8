-- The word indexes the console's searches read on every call (users, invitations and their inviters,
-- roles) keep no pending list: a new row's words go into the index itself (GIN's fast update off).
--
-- Migration 047 held every pending list to 64 kB, the least PostgreSQL allows. That still left up to eight
-- pages that every search by the index reads whole until a vacuum or the next insert past the limit merges
-- them. Measured on PostgreSQL over the performance seed (one client, pgbench, the invitations' matches for
-- "perf.user4711"): 0.148-0.155 ms a statement with no list, 0.202-0.232 ms with 450 new invitations
-- pending (6 pages). What it costs: inserting 1,000 invitations took 66-73 ms instead of 27-41, about 35 µs
-- an invitation (a bulk of 1,000 in one external API call takes about a second).
--
-- The performance seed turns fast update on for its bulk load, where merging a list is far cheaper than an
-- insert a row, and off again before it merges what is pending (src/dev/seed/performance-seed.ts).
-- The audit trail's indexes keep their 64 kB list: every action writes to them, and the trail's list reads
-- them only when filtered.
ALTER INDEX users_search_words SET (fastupdate = off);
ALTER INDEX invitations_search_words SET (fastupdate = off);
ALTER INDEX invitations_inviter_words SET (fastupdate = off);
ALTER INDEX roles_name_trgm SET (fastupdate = off);
-- What is pending now is merged: fast update off stops new entries going there, not the old ones being read.
SELECT gin_clean_pending_list('users_search_words'::regclass);
SELECT gin_clean_pending_list('invitations_search_words'::regclass);
SELECT gin_clean_pending_list('invitations_inviter_words'::regclass);
SELECT gin_clean_pending_list('roles_name_trgm'::regclass);
