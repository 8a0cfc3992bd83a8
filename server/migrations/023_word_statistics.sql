-- The searches' word columns keep the default statistics target (100) whatever an ANALYZE is told
-- (the performance seed analyses its tables from a smaller sample on PGlite). For a text whose last word
-- is a prefix the planner guesses the matches from the most common words it sampled; from a sample of
-- target 30 it guessed 36,860 of 750,000 invitations for "perf.user4711" (111 match), found a sequential
-- scan that stops after the searches' cap cheaper than the word index, and read the whole table: 300 ms
-- on PGlite instead of 0.5. From target 100 it guesses 18,990 and takes the index; larger targets guess
-- no better (300: 18,919; 1,000: 18,858) and analyse for longer (PostgreSQL at 750,000 rows: 0.8 s at
-- 100, 6 s at 1,000).
ALTER TABLE users ALTER COLUMN search_words SET STATISTICS 100;
ALTER TABLE invitations ALTER COLUMN search_words SET STATISTICS 100;
ALTER TABLE invitations ALTER COLUMN inviter_words SET STATISTICS 100;
