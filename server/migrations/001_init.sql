-- The access portal's schema. Plain SQL, the same for PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id                        BIGSERIAL PRIMARY KEY,
  sub                       TEXT NOT NULL UNIQUE,
  email                     TEXT,
  given_name                TEXT,
  family_name               TEXT,
  name                      TEXT,
  eduperson_principal_name  TEXT,
  schac_home_organization   TEXT,
  organization_guid         TEXT,
  super_user                BOOLEAN NOT NULL DEFAULT FALSE,
  institution_admin         BOOLEAN NOT NULL DEFAULT FALSE,
  created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_activity             TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX users_email_lower ON users (lower(email));
CREATE INDEX users_name_trgm ON users USING gin (lower(name) gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (lower(email) gin_trgm_ops);

CREATE TABLE roles (
  id                         BIGSERIAL PRIMARY KEY,
  name                       TEXT NOT NULL,
  short_name                 TEXT NOT NULL,
  urn                        TEXT NOT NULL,
  description                TEXT NOT NULL DEFAULT '',
  default_expiry_days        INTEGER NOT NULL DEFAULT 365 CHECK (default_expiry_days >= 0),
  enforce_email_equality     BOOLEAN NOT NULL DEFAULT FALSE,
  edu_id_only                BOOLEAN NOT NULL DEFAULT FALSE,
  override_settings_allowed  BOOLEAN NOT NULL DEFAULT FALSE,
  inviter_display_name       TEXT,
  organization_guid          TEXT,
  created_by                 TEXT,
  created_at                 TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at                 TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_short_name_unique ON roles (short_name);
CREATE INDEX roles_name_trgm ON roles USING gin (lower(name) gin_trgm_ops);
CREATE INDEX roles_organization_guid ON roles (organization_guid);

-- A role points at one or more registry applications, each with its own landing page.
CREATE TABLE application_usages (
  id            BIGSERIAL PRIMARY KEY,
  role_id       BIGINT NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  manage_id     TEXT NOT NULL,
  manage_type   TEXT NOT NULL,
  landing_page  TEXT,
  UNIQUE (role_id, manage_id)
);
CREATE INDEX application_usages_manage_id ON application_usages (manage_id);

CREATE TABLE user_roles (
  id                  BIGSERIAL PRIMARY KEY,
  user_id             BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id             BIGINT NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  authority           TEXT NOT NULL CHECK (authority IN ('SUPER_USER','INSTITUTION_ADMIN','MANAGER','INVITER','GUEST')),
  -- a manager or inviter who also holds the guest role of the same role
  guest_role_included BOOLEAN NOT NULL DEFAULT FALSE,
  end_date            TIMESTAMPTZ,
  inviter             TEXT,
  expiry_notified_at  TIMESTAMPTZ,
  created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, role_id)
);
CREATE INDEX user_roles_role_id ON user_roles (role_id);
CREATE INDEX user_roles_end_date ON user_roles (end_date) WHERE end_date IS NOT NULL;

CREATE TABLE invitations (
  id                      BIGSERIAL PRIMARY KEY,
  hash                    TEXT NOT NULL UNIQUE,
  email                   TEXT NOT NULL,
  intended_authority      TEXT NOT NULL CHECK (intended_authority IN ('SUPER_USER','INSTITUTION_ADMIN','MANAGER','INVITER','GUEST')),
  status                  TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN','ACCEPTED')),
  message                 TEXT,
  language                TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en','nl')),
  enforce_email_equality  BOOLEAN NOT NULL DEFAULT FALSE,
  edu_id_only             BOOLEAN NOT NULL DEFAULT FALSE,
  guest_role_included     BOOLEAN NOT NULL DEFAULT FALSE,
  organization_guid       TEXT,
  role_expiry_date        TIMESTAMPTZ,
  expiry_date             TIMESTAMPTZ NOT NULL,
  inviter_id              BIGINT REFERENCES users (id) ON DELETE SET NULL,
  remote_api_user         TEXT,
  accepted_by             BIGINT REFERENCES users (id) ON DELETE SET NULL,
  accepted_at             TIMESTAMPTZ,
  created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX invitations_email_trgm ON invitations USING gin (lower(email) gin_trgm_ops);
CREATE INDEX invitations_status_expiry ON invitations (status, expiry_date);
CREATE INDEX invitations_inviter ON invitations (inviter_id);

CREATE TABLE invitation_roles (
  invitation_id  BIGINT NOT NULL REFERENCES invitations (id) ON DELETE CASCADE,
  role_id        BIGINT NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  end_date       TIMESTAMPTZ,
  PRIMARY KEY (invitation_id, role_id)
);
CREATE INDEX invitation_roles_role_id ON invitation_roles (role_id);

CREATE TABLE api_tokens (
  id                 BIGSERIAL PRIMARY KEY,
  hashed_value       TEXT NOT NULL UNIQUE,
  description        TEXT NOT NULL,
  owner_id           BIGINT REFERENCES users (id) ON DELETE CASCADE,
  organization_guid  TEXT,
  super_user_token   BOOLEAN NOT NULL DEFAULT FALSE,
  created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id          TEXT PRIMARY KEY,
  data        JSONB NOT NULL DEFAULT '{}'::jsonb,
  expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- Every change to roles, user roles, invitations and tokens, written in the same transaction.
CREATE TABLE audit_logs (
  id               BIGSERIAL PRIMARY KEY,
  actor_id         BIGINT,
  actor_name       TEXT,
  impersonator_id  BIGINT,
  entity_type      TEXT NOT NULL,
  entity_id        BIGINT,
  action           TEXT NOT NULL,
  before           JSONB,
  after            JSONB,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX audit_logs_entity ON audit_logs (entity_type, entity_id, created_at DESC);

-- Mails when no SMTP_URL is configured.
CREATE TABLE outbox (
  id          BIGSERIAL PRIMARY KEY,
  kind        TEXT NOT NULL,
  recipient   TEXT NOT NULL,
  subject     TEXT NOT NULL,
  html        TEXT NOT NULL,
  text        TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- oidc-provider's storage for the development identity provider (so any instance serves any request).
CREATE TABLE dev_idp_store (
  model       TEXT NOT NULL,
  id          TEXT NOT NULL,
  payload     JSONB NOT NULL,
  grant_id    TEXT,
  user_code   TEXT,
  uid         TEXT,
  expires_at  TIMESTAMPTZ,
  consumed_at TIMESTAMPTZ,
  PRIMARY KEY (model, id)
);
