-- The dashboard's "new deals today" counts the current deals stored since the person's own midnight, an instant that
-- depends on their time zone; the kept counts of 014 are per UTC day, so they cannot answer it. This index makes that
-- count read only the deals stored since then (docs/product.md, "Deal lifecycle").
CREATE INDEX deals_user_found ON deals (user_id, created_at);
