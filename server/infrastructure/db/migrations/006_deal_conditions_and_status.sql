-- The condition the email ties to each code ("SAVE10" -> "$10 off $50"), as [{"code": ..., "condition": ...}].
ALTER TABLE deals ADD COLUMN code_conditions JSONB NOT NULL DEFAULT '[]';

-- What the deal's owner said of it: 'used' or 'not_working'. Deals are rows of one user, so this is theirs alone.
ALTER TABLE deals ADD COLUMN status TEXT CHECK (status IN ('used', 'not_working'));
ALTER TABLE deals ADD COLUMN status_changed_at TIMESTAMPTZ;
