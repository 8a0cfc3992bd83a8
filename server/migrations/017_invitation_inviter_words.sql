-- An invitation is found by the words of its address or by those of its inviter (migration 009). The
-- inviter's words were looked up at search time: every search walked the invitations' inviters, one index
-- probe per distinct inviter and a word match on each one's user row. With no inviters (the performance
-- seed's invitations had none) that cost nothing; with 300 inviters over 75,000 invitations a narrow search
-- took 2.6 ms on PostgreSQL and 3.4 ms on PGlite instead of 0.5, and it grows with every person who invites.
-- The inviter's words are now kept on the invitation, with a word index of their own: a search asks the
-- two word indexes (a BitmapOr), whoever invited.
--
-- inviter_words is the inviter's search_words (migration 008), NULL without an inviter. Kept by triggers:
-- - on an invitation, whenever it is written with an inviter (or its inviter_words are written: they are
--   put right);
-- - on a user whose words change (name, address, home organisation): on every invitation they sent;
-- - an inviter deleted sets inviter_id NULL (ON DELETE SET NULL), an update of inviter_id, which empties them.
ALTER TABLE invitations ADD COLUMN IF NOT EXISTS inviter_words tsvector;

UPDATE invitations i SET inviter_words = u.search_words
  FROM users u
 WHERE u.id = i.inviter_id AND i.inviter_words IS DISTINCT FROM u.search_words;

CREATE INDEX IF NOT EXISTS invitations_inviter_words ON invitations USING gin (inviter_words);

CREATE OR REPLACE FUNCTION invitations_inviter_words_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    DECLARE
      words tsvector;
    BEGIN
      IF NEW.inviter_id IS NULL THEN
        NEW.inviter_words := NULL;
      ELSE
        SELECT u.search_words INTO words FROM users u WHERE u.id = NEW.inviter_id;
        -- Not found: an inviter inserted by the same statement (a data-modifying WITH), which the trigger
        -- cannot see yet; the foreign key holds that it exists, and the statement gave its words.
        IF FOUND THEN
          NEW.inviter_words := words;
        END IF;
      END IF;
      RETURN NEW;
    END
  $$;
CREATE TRIGGER invitations_inviter_words
  BEFORE INSERT OR UPDATE OF inviter_id, inviter_words ON invitations
  FOR EACH ROW EXECUTE FUNCTION invitations_inviter_words_kept();

CREATE OR REPLACE FUNCTION users_words_to_invitations() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      UPDATE invitations SET inviter_words = NEW.search_words
       WHERE inviter_id = NEW.id AND inviter_words IS DISTINCT FROM NEW.search_words;
      RETURN NULL;
    END
  $$;
CREATE TRIGGER users_words_to_invitations
  AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
  EXECUTE FUNCTION users_words_to_invitations();
