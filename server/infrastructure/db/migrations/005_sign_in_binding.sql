-- Sign-in is bound to the browser that started it (no login CSRF). Flows and login codes in flight when this runs
-- were not bound, so they are dropped: a person then simply signs in again.
DELETE FROM oauth_states;
DELETE FROM login_codes;

-- The hash of the secret in the starting browser's cookie; the callback completes only when that cookie comes back.
ALTER TABLE oauth_states ADD COLUMN browser_binding_hash TEXT NOT NULL;

-- The hash of the state of the flow that issued the code; only the SPA that stored that state can spend the code.
ALTER TABLE login_codes ADD COLUMN state_hash TEXT NOT NULL;
