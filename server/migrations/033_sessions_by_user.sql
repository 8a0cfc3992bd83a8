-- A person removed everywhere (the lifecycle API, issue 54) loses their browser sessions in the same
-- transaction: their sessions are found by the user id the session data holds, without reading them all.
CREATE INDEX sessions_user_id ON sessions ((data ->> 'userId'));
