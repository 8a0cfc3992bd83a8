-- When each API token was last used (at most one write a minute per token); shown in the tokens list.
ALTER TABLE api_tokens ADD COLUMN IF NOT EXISTS last_used_at TIMESTAMPTZ;
