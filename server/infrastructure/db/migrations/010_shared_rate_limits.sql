-- Sign-in rate limits, shared by every API process: one row per route and client address, counting the requests of
-- its current fixed window, which ends at resets_at (the window's start plus its length). The first request after
-- that starts a new window. Rows of ended windows are purged (see rateLimitCounter.ts).
CREATE TABLE rate_limit_hits (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  resets_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_limit_hits_resets_at ON rate_limit_hits(resets_at);
