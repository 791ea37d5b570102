-- The emails a sync has skipped so far (unreadable, or refused by the database), over every worker that ran it, as
-- new_deals_count (028) keeps its new deals: "(N emails could not be read and were skipped)" counts the whole sync.
-- Zeroed when a sync is asked for; each stored group adds the messages it marked failed in the group's own transaction.
ALTER TABLE gmail_sync_state ADD COLUMN skipped_count INTEGER NOT NULL DEFAULT 0 CHECK (skipped_count >= 0);
