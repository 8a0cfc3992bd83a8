-- The super users by id (issue 58 item 3): every start makes each user's super-user right follow
-- SUPER_USER_SUBS and the grants (reconcileSuperUsers), reading only the users who hold the right, who are
-- named, or who have a grant. Without this index the statement read every user: at a hundred times the
-- performance seed (7.5 million users) longer than a server may take to get ready.
CREATE INDEX users_super_users ON users (id) WHERE super_user;
