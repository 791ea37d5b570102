-- A refresh whose answer was lost on its way may be asked again with the token it spent (docs/product.md, "Token
-- refresh"): a spent token names the token that replaced it, and a token is marked delivered once the access token
-- issued beside it has been used. Only a replacement never used nor delivered is given again; the lost one is retired,
-- and any later use of it, or of the access token issued beside it, ends the session.
ALTER TABLE refresh_tokens ADD COLUMN replaced_by TEXT;
ALTER TABLE refresh_tokens ADD COLUMN delivered_at TIMESTAMPTZ;
ALTER TABLE refresh_tokens ADD COLUMN retired_at TIMESTAMPTZ;

-- The extension's sessions, by the same rule: a spent token names its replacement, and a session says whether its
-- current access token has been used since it was issued (sessions from before say it has, so none is retried).
ALTER TABLE extension_refresh_tokens ADD COLUMN replaced_by TEXT;
ALTER TABLE extension_sessions ADD COLUMN access_delivered BOOLEAN NOT NULL DEFAULT TRUE;
