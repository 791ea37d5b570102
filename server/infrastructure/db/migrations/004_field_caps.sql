-- The caps of the extraction boundary (server/extraction/sanitize.ts, FIELD_CAPS), enforced by the database too, so
-- that nothing longer or other than a web URL is ever stored, whatever writes it. Lengths count characters.

-- True when every item of the array is at most max_length characters long (a check constraint cannot hold a subquery).
CREATE FUNCTION all_within_length(items text[], max_length integer) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(bool_and(char_length(item) <= max_length), true) FROM unnest(items) AS item $$;

-- True when every item is an http: or https: URL of at most max_length characters.
CREATE FUNCTION all_web_urls(items text[], max_length integer) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(bool_and(item ~* '^https?://' AND char_length(item) <= max_length), true) FROM unnest(items) AS item $$;

-- Rows stored before the caps are brought within them first, so that adding the constraints cannot fail: text is cut,
-- codes and URLs past their caps are dropped (a cut code or URL would be another one), lists keep their first items.
UPDATE deals SET title = left(title, 200) WHERE char_length(title) > 200;
UPDATE deals SET description = left(description, 1000) WHERE char_length(description) > 1000;
UPDATE deals SET discount = left(discount, 100) WHERE char_length(discount) > 100;
UPDATE deals SET terms = ARRAY(SELECT left(term, 300) FROM unnest(terms) WITH ORDINALITY AS t(term, position) ORDER BY position LIMIT 10)
  WHERE cardinality(terms) > 10 OR NOT all_within_length(terms, 300);
-- A deal's codes joined by commas are kept within 1,000 bytes: the running sum counts each code and its comma.
UPDATE deals SET promo_codes = ARRAY(
    SELECT code FROM (
      SELECT code, position, sum(octet_length(code) + 1) OVER (ORDER BY position) AS joined_bytes
      FROM unnest(promo_codes) WITH ORDINALITY AS c(code, position)
      WHERE char_length(code) <= 40
    ) AS kept
    WHERE joined_bytes <= 1001 ORDER BY position LIMIT 20)
  WHERE cardinality(promo_codes) > 20 OR NOT all_within_length(promo_codes, 40) OR octet_length(array_to_string(promo_codes, ',')) > 1000;
UPDATE deals SET deal_url = NULL WHERE deal_url !~* '^https?://' OR char_length(deal_url) > 2048;
UPDATE deals SET image_urls = ARRAY(
    SELECT url FROM unnest(image_urls) WITH ORDINALITY AS i(url, position)
    WHERE url ~* '^https?://' AND char_length(url) <= 2048 ORDER BY position LIMIT 10)
  WHERE cardinality(image_urls) > 10 OR NOT all_web_urls(image_urls, 2048);
UPDATE brands SET name = left(name, 100) WHERE char_length(name) > 100;
UPDATE gmail_messages SET subject = left(subject, 500) WHERE char_length(subject) > 500;
UPDATE gmail_messages SET sender = left(sender, 600) WHERE char_length(sender) > 600;
UPDATE gmail_messages SET failure = left(failure, 500) WHERE char_length(failure) > 500;

ALTER TABLE deals
  ADD CONSTRAINT deals_title_cap CHECK (char_length(title) <= 200),
  ADD CONSTRAINT deals_description_cap CHECK (char_length(description) <= 1000),
  ADD CONSTRAINT deals_discount_cap CHECK (char_length(discount) <= 100),
  ADD CONSTRAINT deals_terms_cap CHECK (cardinality(terms) <= 10 AND all_within_length(terms, 300)),
  ADD CONSTRAINT deals_promo_codes_cap CHECK (
    cardinality(promo_codes) <= 20 AND all_within_length(promo_codes, 40) AND octet_length(array_to_string(promo_codes, ',')) <= 1000),
  ADD CONSTRAINT deals_deal_url_web CHECK (deal_url ~* '^https?://' AND char_length(deal_url) <= 2048),
  ADD CONSTRAINT deals_image_urls_web CHECK (cardinality(image_urls) <= 10 AND all_web_urls(image_urls, 2048));

ALTER TABLE brands ADD CONSTRAINT brands_name_cap CHECK (char_length(name) <= 100);

-- A sender is stored as "name <address>": a name of 200 characters and an address of 320.
ALTER TABLE gmail_messages
  ADD CONSTRAINT gmail_messages_subject_cap CHECK (char_length(subject) <= 500),
  ADD CONSTRAINT gmail_messages_sender_cap CHECK (char_length(sender) <= 600),
  ADD CONSTRAINT gmail_messages_failure_cap CHECK (char_length(failure) <= 500);
