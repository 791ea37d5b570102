-- A person's preferences; absent means the defaults.
CREATE TABLE user_preferences (
  user_id UUID PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  weekly_report BOOLEAN NOT NULL DEFAULT true,
  sync_interval_minutes INTEGER NOT NULL DEFAULT 30
);

-- Beta early-access requests from the landing page; one per email.
CREATE TABLE early_access_requests (
  email TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  shopping_frequency TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
