-- A text search's matches, found by a statement planned for its text, from inside the search's one prepared
-- statement (issue 58; searched-page.ts textPageStatement). The server builds `statement`, a
-- `SELECT ARRAY(SELECT <id> FROM <table> WHERE <condition> LIMIT <cap + 1>)` with its values written in as
-- literals, and passes it as a parameter: PL/pgSQL's EXECUTE plans it for those values on every call, as an
-- unnamed statement sent on its own was (a narrow text reads the word index, a broad one the table until
-- the cap), and the page around it keeps its generic plan. One round trip a search instead of two.
-- STABLE: the statement can only read (a write in it fails), and the function sees the caller's snapshot.
CREATE OR REPLACE FUNCTION search_matches(statement text) RETURNS bigint[]
  LANGUAGE plpgsql STABLE
  AS $$
    DECLARE
      ids bigint[];
    BEGIN
      EXECUTE statement INTO ids;
      RETURN ids;
    END
  $$;
