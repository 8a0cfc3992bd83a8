-- The search text as a word query (migration 008), the same query from the same words, in PL/pgSQL.
-- As a SQL function that is not inlined, its body was parsed and planned again at every statement that
-- computed it: a search planned once (with its text as a parameter) spent ~45 µs of its ~165 there on the
-- performance seed. PL/pgSQL keeps its plans for the session: ~22 µs. A statement planned for its text
-- still folds it into a constant (it stays IMMUTABLE), and weighs its words.
CREATE OR REPLACE FUNCTION user_search_query(text)
  RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
    DECLARE
      w text[] := array_remove(regexp_split_to_array(lower($1), '[^[:alnum:]]+'), '');
      n int := cardinality(w);
      last tsquery;
    BEGIN
      IF n = 0 THEN
        RETURN NULL;
      END IF;
      last := to_tsquery('pg_catalog.simple'::regconfig, quote_literal(w[n]))
        || to_tsquery('pg_catalog.simple'::regconfig, quote_literal(w[n]) || ':*');
      IF n = 1 THEN
        RETURN last;
      END IF;
      RETURN plainto_tsquery('pg_catalog.simple'::regconfig, array_to_string(w[1:n - 1], ' ')) && last;
    END
  $$;
