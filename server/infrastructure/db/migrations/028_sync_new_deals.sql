-- The new deals a sync has stored so far, over every worker that ran it: a sync given back when its worker stops is
-- resumed by another, and its closing line ("Sync completed: N new deals") counts the whole sync, not the last run.
-- Zeroed when a sync is asked for; each stored group adds its count in the group's own transaction.
ALTER TABLE gmail_sync_state ADD COLUMN new_deals_count INTEGER NOT NULL DEFAULT 0 CHECK (new_deals_count >= 0);
