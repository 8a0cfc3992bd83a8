-- Users are found by the words of their name, e-mail address and home organisation, every word of the
-- search text a whole word and the last one the beginning of a word ('jan de vr' finds Jan de Vries,
-- 'surf.nl' everyone at surf.nl), as the established console finds them. A word index answers that
-- with the posting lists of the words asked for; the trigram indexes it replaces read, for any text,
-- the lists of trigrams that nearly every name holds ('per', ' us', ...): 205 of 247 buffers for one
-- narrow search over 75,000 users, 1,891 over 750,000.
-- Words are runs of letters and digits; both sides are split by the same functions.
CREATE OR REPLACE FUNCTION user_search_words(name text, email text, schac_home_organization text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT to_tsvector('pg_catalog.simple'::regconfig, regexp_replace(
      lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(schac_home_organization, '')),
      '[^[:alnum:]]+', ' ', 'g'))
  $$;

-- The search text as a query: every word but the last whole, the last as a prefix; NULL (nothing found)
-- for a text without letters or digits. The words hold nothing but letters and digits, so neither
-- function can meet tsquery syntax in them. The last word is asked for whole or as a prefix ('w' | 'w':*,
-- the same matches): PostgreSQL estimates a prefix alone at a fiftieth of the rows however common the
-- word, and would read a word every user holds from the index (a bitmap of every user) instead of the
-- table's first rows.
CREATE OR REPLACE FUNCTION user_search_query(text)
  RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN cardinality(w) = 0 THEN NULL
      WHEN cardinality(w) = 1 THEN last
      ELSE plainto_tsquery('pg_catalog.simple'::regconfig, array_to_string(w[1:cardinality(w) - 1], ' ')) && last
    END
    FROM (SELECT array_remove(regexp_split_to_array(lower($1), '[^[:alnum:]]+'), '') AS w) words,
    LATERAL (SELECT to_tsquery('pg_catalog.simple'::regconfig, quote_literal(w[cardinality(w)]))
               || to_tsquery('pg_catalog.simple'::regconfig, quote_literal(w[cardinality(w)]) || ':*') AS last) l
  $$;

-- Stored: a search that matches most users reads the first of them from the table (and stops at the
-- count cap) instead of building a bitmap of every match from the index, and that reading tests each
-- row's stored words rather than splitting its name and addresses again.
ALTER TABLE users ADD COLUMN IF NOT EXISTS search_words tsvector
  GENERATED ALWAYS AS (user_search_words(name, email, schac_home_organization)) STORED;
CREATE INDEX IF NOT EXISTS users_search_words ON users USING gin (search_words);
DROP INDEX IF EXISTS users_name_trgm;
DROP INDEX IF EXISTS users_email_trgm;
