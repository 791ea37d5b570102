-- A code the signed-in app hands the browser extension to pair it: one-time, two minutes, kept only as its hash.
CREATE TABLE extension_pairing_codes (
  code_hash TEXT PRIMARY KEY,
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX extension_pairing_codes_user ON extension_pairing_codes(user_id);

-- The extension's own session, apart from the user's: it may only read the user's active codes. Its current access
-- token is kept as a hash; a revoked, signed-out or replayed session is deleted, so nothing of it is kept. It lasts
-- until expires_at, which each refresh moves on.
CREATE TABLE extension_sessions (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_agent TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ,
  expires_at TIMESTAMPTZ NOT NULL,
  access_token_hash TEXT NOT NULL UNIQUE,
  access_expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX extension_sessions_user ON extension_sessions(user_id);

-- Rotating refresh tokens of extension sessions, as hashes; the newest one unused is the live one. A used token
-- presented again ends its session.
CREATE TABLE extension_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id UUID NOT NULL REFERENCES extension_sessions(id) ON DELETE CASCADE,
  used_at TIMESTAMPTZ
);
CREATE INDEX extension_refresh_tokens_session ON extension_refresh_tokens(session_id);
