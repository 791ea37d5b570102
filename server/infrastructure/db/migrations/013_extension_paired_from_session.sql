-- The web session a pairing code was asked from, and so the web session an extension was paired from: signing out of
-- that session can sign that extension out too, and a code whose session has ended pairs nothing. NULL for codes and
-- sessions from before this was kept (they are never ended by a sign-out). A session row goes only with its user,
-- whose extension sessions go too; SET NULL keeps that order of deletes free.
ALTER TABLE extension_pairing_codes ADD COLUMN session_id UUID REFERENCES sessions(id) ON DELETE SET NULL;
ALTER TABLE extension_sessions ADD COLUMN paired_from_session_id UUID REFERENCES sessions(id) ON DELETE SET NULL;
CREATE INDEX extension_sessions_paired_from ON extension_sessions(paired_from_session_id);
