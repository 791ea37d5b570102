-- "Your senders" (docs/product.md, "Senders that pay off"): each synced mail remembers its brand's domain, so a brand's
-- mails a week can be counted, and the sender's unsubscribe headers (RFC 2369, RFC 8058), read when the person asks to
-- leave the list. Mail synced before this migration has neither and counts for no brand.
ALTER TABLE gmail_messages ADD COLUMN brand_domain TEXT CHECK (char_length(brand_domain) <= 253);
ALTER TABLE gmail_messages ADD COLUMN list_unsubscribe TEXT CHECK (char_length(list_unsubscribe) <= 2048);
ALTER TABLE gmail_messages ADD COLUMN list_unsubscribe_post TEXT CHECK (char_length(list_unsubscribe_post) <= 100);
CREATE INDEX gmail_messages_brand_domain ON gmail_messages(user_id, brand_domain) WHERE brand_domain IS NOT NULL;

-- When the person left the brand's list through Deal Finder (one-click), so the button says so; and when a request to
-- the sender started, so that two presses at once (two tabs, two API processes) send it once.
ALTER TABLE brands ADD COLUMN unsubscribed_at TIMESTAMPTZ;
ALTER TABLE brands ADD COLUMN unsubscribe_claimed_at TIMESTAMPTZ;
