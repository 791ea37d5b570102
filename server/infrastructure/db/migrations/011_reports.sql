-- The weekly report's day and hour in the person's own time zone, the expiry reminders' switch, and why the emails
-- stopped when a mail server refused the address for good (both emails are then off until the person turns one on).
ALTER TABLE user_preferences
  ADD COLUMN report_weekday SMALLINT NOT NULL DEFAULT 1 CHECK (report_weekday BETWEEN 1 AND 7),
  ADD COLUMN report_hour SMALLINT NOT NULL DEFAULT 8 CHECK (report_hour BETWEEN 0 AND 23),
  ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC' CHECK (length(time_zone) BETWEEN 1 AND 64),
  ADD COLUMN expiry_reminders BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN emails_stopped_reason TEXT CHECK (length(emails_stopped_reason) <= 500),
  ADD COLUMN emails_stopped_at TIMESTAMPTZ;

-- A person's stars ("Remind me"): gone with the deal or the person.
CREATE TABLE deal_reminders (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  deal_id UUID NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, deal_id)
);
CREATE INDEX deal_reminders_deal ON deal_reminders(deal_id);

-- The sent log: one row per person and period ("weekly:2026-W49", "reminder:<deal id>", "test:<uuid>"), claimed
-- before the send, so an email goes out at most once per period whichever worker runs it. `sending` is a claim held
-- for a lease; `released` a claim given back after a failure that may pass (any worker may take it again).
CREATE TABLE email_sends (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  period_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('weekly', 'reminder', 'test')),
  state TEXT NOT NULL CHECK (state IN ('sending', 'released', 'sent', 'skipped', 'refused')),
  attempts INTEGER NOT NULL DEFAULT 1,
  claimed_at TIMESTAMPTZ NOT NULL,
  sent_at TIMESTAMPTZ,
  PRIMARY KEY (user_id, period_key)
);
CREATE INDEX email_sends_weekly ON email_sends(user_id, sent_at) WHERE kind = 'weekly' AND state = 'sent';
