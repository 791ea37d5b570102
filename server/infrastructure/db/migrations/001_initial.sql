-- People sign in only with Google: a user is a Google account.
CREATE TABLE users (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  email TEXT NOT NULL UNIQUE,
  first_name TEXT,
  last_name TEXT,
  google_sub TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A signed-in device. Access tokens name their session, so ending it ends them too.
CREATE TABLE sessions (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ,
  end_reason TEXT
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Rotating refresh tokens, kept only as SHA-256 hashes. A used token presented again ends its session.
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id UUID NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);

-- A Google authorization in flight: single-use state with its PKCE verifier and nonce.
CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  flow TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  user_id UUID REFERENCES users(id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL
);

-- The single-use code the OAuth callback hands the SPA instead of tokens in the URL.
CREATE TABLE login_codes (
  code_hash TEXT PRIMARY KEY,
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

-- The person's Gmail grant. Google tokens are encrypted at rest (AES-256-GCM).
CREATE TABLE gmail_grants (
  user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  google_email TEXT NOT NULL,
  scopes TEXT NOT NULL,
  access_token_encrypted TEXT NOT NULL,
  access_token_expires_at TIMESTAMPTZ NOT NULL,
  refresh_token_encrypted TEXT,
  granted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Sync state per user: what is monitored, where the last sync got to, and what a person is told.
CREATE TABLE gmail_sync_state (
  user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  monitored_labels TEXT[] NOT NULL DEFAULT ARRAY['CATEGORY_PROMOTIONS'],
  status TEXT NOT NULL DEFAULT 'idle',
  progress_message TEXT NOT NULL DEFAULT '',
  processed_count INTEGER NOT NULL DEFAULT 0,
  total_count INTEGER NOT NULL DEFAULT 0,
  history_id TEXT,
  started_at TIMESTAMPTZ,
  heartbeat_at TIMESTAMPTZ,
  last_sync_at TIMESTAMPTZ,
  last_error TEXT
);

-- Every message seen. Bodies are never stored: only what the dashboard and its figures need.
CREATE TABLE gmail_messages (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gmail_id TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  sender TEXT,
  subject TEXT,
  sent_at TIMESTAMPTZ,
  processed_at TIMESTAMPTZ,
  failure TEXT,
  PRIMARY KEY (user_id, gmail_id)
);
CREATE INDEX gmail_messages_pending ON gmail_messages(user_id) WHERE state = 'pending';

CREATE TABLE brands (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  name TEXT NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT true,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, domain)
);

-- A deal is unique per message and code (code_key is the deal's codes joined, or '' for a sale without one).
CREATE TABLE deals (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id UUID NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  gmail_id TEXT NOT NULL,
  code_key TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  promo_codes TEXT[] NOT NULL,
  discount TEXT,
  terms TEXT[] NOT NULL DEFAULT '{}',
  expiration_date DATE,
  deal_url TEXT,
  image_urls TEXT[] NOT NULL DEFAULT '{}',
  source TEXT NOT NULL,
  sent_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, gmail_id, code_key)
);
CREATE INDEX deals_user_expiry ON deals(user_id, expiration_date);
CREATE INDEX deals_brand ON deals(brand_id);
