-- "Your senders" lists every sender the sync read a promotion from, whether its mail gave a deal or not
-- (docs/product.md, "Senders that pay off"); until now a sender was listed only once it had a brand row, that is a deal.

-- The sender's name as the extraction read it (the brand's display name), which names a sender that has no brand row.
-- Mail synced before this migration has none: such a sender is named by its domain.
ALTER TABLE gmail_messages ADD COLUMN brand_name TEXT CHECK (char_length(brand_name) <= 100);

-- One row per person and sending domain, brand row or not. Its id is the sender's key in the API, so that no request
-- path names a domain the person gets mail from (request paths are logged); and it keeps the person's one-click
-- unsubscription (when it was recorded, and when a request to the sender started: two presses at once send one),
-- which brands kept before.
CREATE TABLE senders (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain TEXT NOT NULL CHECK (char_length(domain) <= 253),
  unsubscribed_at TIMESTAMPTZ,
  unsubscribe_claimed_at TIMESTAMPTZ,
  UNIQUE (user_id, domain)
);

INSERT INTO senders (user_id, domain, unsubscribed_at, unsubscribe_claimed_at)
  SELECT user_id, domain, unsubscribed_at, unsubscribe_claimed_at FROM brands;
INSERT INTO senders (user_id, domain)
  SELECT DISTINCT user_id, brand_domain FROM gmail_messages WHERE brand_domain IS NOT NULL AND state = 'processed'
  ON CONFLICT (user_id, domain) DO NOTHING;

ALTER TABLE brands DROP COLUMN unsubscribed_at, DROP COLUMN unsubscribe_claimed_at;

-- A sender row follows the rows that show a sender, whoever writes them (the sync, a worker of the version before this
-- one during a rolling restart, a test): a processed promotion's domain, and every brand's. In domain order, so two
-- writers never wait on each other's rows in opposite orders.
CREATE FUNCTION senders_follow_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO senders (user_id, domain)
    SELECT DISTINCT user_id, brand_domain FROM new_messages WHERE brand_domain IS NOT NULL AND state = 'processed' ORDER BY 1, 2
    ON CONFLICT (user_id, domain) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER senders_mail_inserted AFTER INSERT ON gmail_messages REFERENCING NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION senders_follow_mail();
CREATE TRIGGER senders_mail_updated AFTER UPDATE ON gmail_messages REFERENCING NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION senders_follow_mail();

CREATE FUNCTION senders_follow_brands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO senders (user_id, domain)
    SELECT DISTINCT user_id, domain FROM new_brands ORDER BY 1, 2
    ON CONFLICT (user_id, domain) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER senders_brand_inserted AFTER INSERT ON brands REFERENCING NEW TABLE AS new_brands
  FOR EACH STATEMENT EXECUTE FUNCTION senders_follow_brands();
