-- The search words of users and invitations (migrations 008 and 009) are kept by triggers instead of as
-- generated columns, with the same functions and the same values: a generated column is computed for
-- every row written, and for the performance seed that was 1.7 of its 8 seconds on PGlite (splitting and
-- parsing 150,000 names and addresses). The seed knows its rows' words and writes them itself where it
-- may skip triggers (see performance-seed.ts); everything else gets them from the trigger, on insert and
-- whenever a column they are made of (or the words themselves) is written.
ALTER TABLE users ALTER COLUMN search_words DROP EXPRESSION;
ALTER TABLE invitations ALTER COLUMN search_words DROP EXPRESSION;

CREATE OR REPLACE FUNCTION users_search_words_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      NEW.search_words := user_search_words(NEW.name, NEW.email, NEW.schac_home_organization);
      RETURN NEW;
    END
  $$;
CREATE TRIGGER users_search_words
  BEFORE INSERT OR UPDATE OF name, email, schac_home_organization, search_words ON users
  FOR EACH ROW EXECUTE FUNCTION users_search_words_kept();

CREATE OR REPLACE FUNCTION invitations_search_words_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      NEW.search_words := address_search_words(NEW.email);
      RETURN NEW;
    END
  $$;
CREATE TRIGGER invitations_search_words
  BEFORE INSERT OR UPDATE OF email, search_words ON invitations
  FOR EACH ROW EXECUTE FUNCTION invitations_search_words_kept();
