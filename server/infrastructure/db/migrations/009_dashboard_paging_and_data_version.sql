-- Bumped whenever what the user's dashboard shows changes; every API process keys its cached answers by it.
ALTER TABLE users ADD COLUMN data_version BIGINT NOT NULL DEFAULT 0;

-- The dashboard's order within each run of deals (live, undated, expired): its pages are index ranges, not sorts of
-- every deal. It starts with the columns of deals_user_expiry, which it replaces.
CREATE INDEX deals_user_dashboard_order ON deals (user_id, expiration_date, sent_at DESC NULLS LAST, id);
DROP INDEX deals_user_expiry;
-- The same for the few deals marked used or not working, which the planner would otherwise find by reading them all.
CREATE INDEX deals_user_marked_order ON deals (user_id, expiration_date, sent_at DESC NULLS LAST, id) WHERE status IS NOT NULL;
