-- Alerts a person chooses (src/domain/alertRules.ts): how many days before a starred deal ends its reminder goes out
-- (1 is the day before, as reminders always went), whether rule alerts are on (one-click unsubscribe turns them off),
-- the rules, and which deals an alert carried, so none is alerted twice.
ALTER TABLE user_preferences
  ADD COLUMN reminder_lead_days SMALLINT NOT NULL DEFAULT 1 CHECK (reminder_lead_days IN (0, 1, 3, 7)),
  ADD COLUMN deal_alerts BOOLEAN NOT NULL DEFAULT true;

-- A rule: 'percent' picks deals stating at least min_percent off, 'code' deals with a code; brand NULL is the brands
-- the person follows (those of which they starred a deal). At most ten a person, which the route checks.
CREATE TABLE alert_rules (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'code')),
  min_percent SMALLINT CHECK (min_percent BETWEEN 5 AND 100),
  brand TEXT CHECK (length(brand) BETWEEN 1 AND 200),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((kind = 'percent') = (min_percent IS NOT NULL))
);
CREATE INDEX alert_rules_user ON alert_rules(user_id, created_at);

-- The deals an alert email carried: gone with the deal or the person.
CREATE TABLE deal_alerts_sent (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  deal_id UUID NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
  alerted_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, deal_id)
);
CREATE INDEX deal_alerts_sent_deal ON deal_alerts_sent(deal_id);

-- The sent log keeps one alert a day per person ("alert:2026-11-27", by their own calendar).
ALTER TABLE email_sends DROP CONSTRAINT email_sends_kind_check;
ALTER TABLE email_sends ADD CONSTRAINT email_sends_kind_check CHECK (kind IN ('weekly', 'reminder', 'test', 'alert'));
