-- The dashboard's figures kept as deals are stored and change, so its first answer sums a few rows instead of every
-- deal (docs/scaling.md, "The dashboard's first answer, cold and warm"). Nothing here knows the lifecycle: a row keeps
-- a deal's category, mark and end date, and the query that reads them decides each row's state with the lifecycle's
-- own SQL (dealLifecycleSql.ts) on the day asked, so a deal that expires at midnight needs no write.
--
-- Only deals of shown brands are counted, and only processed messages. Days are UTC dates, the dashboard's day
-- (docs/product.md, "Deal lifecycle"). Each kept deal is four rows' worth, one per grain:
--   deals               per category and mark, whatever the end date (day and end_date are -infinity);
--   deals-by-end        per category, mark and end date ('infinity' for none; day is -infinity);
--   deals-by-known-day  the same per day it was known (its email's time, else when stored), for the month-earlier
--                       figures, which count the deals known by then: all of them less those known after;
--   deals-by-found-day  the same per day it was stored, for the new deals of today;
-- and each processed message two: mail (its total) and mail-by-known-day (its email's time, else when processed).
CREATE TABLE dashboard_counts (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  grain TEXT NOT NULL,
  day DATE NOT NULL,
  end_date DATE NOT NULL,
  category TEXT NOT NULL,
  -- The deal's mark ('used', 'not_working'), or '' for none.
  status TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (user_id, grain, day, end_date, category, status)
);

-- A brand counts among Unique Brands on a day from the day its first deal was known (UTC date, as above).
ALTER TABLE brands ADD COLUMN first_deal_day DATE;

CREATE TYPE dashboard_counted_deal AS (user_id UUID, category TEXT, status TEXT, expiration_date DATE, known_at TIMESTAMPTZ, found_at TIMESTAMPTZ);

-- Adds `delta` (1 or -1) for each deal given to its rows. Rows are written in key order, so two transactions that
-- change the same person's counts lock the rows in the same order and never deadlock on them.
CREATE FUNCTION dashboard_count_deals(changed dashboard_counted_deal[], delta INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts AS c (user_id, grain, day, end_date, category, status, n)
  SELECT d.user_id, g.grain, g.day, g.end_date, d.category, coalesce(d.status, ''), sum(delta)::int
  FROM unnest(changed) AS d
  CROSS JOIN LATERAL (VALUES
    ('deals', '-infinity'::date, '-infinity'::date),
    ('deals-by-end', '-infinity'::date, coalesce(d.expiration_date, 'infinity'::date)),
    ('deals-by-known-day', (d.known_at AT TIME ZONE 'UTC')::date, coalesce(d.expiration_date, 'infinity'::date)),
    ('deals-by-found-day', (d.found_at AT TIME ZONE 'UTC')::date, coalesce(d.expiration_date, 'infinity'::date))
  ) AS g(grain, day, end_date)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (user_id, grain, day, end_date, category, status) DO UPDATE SET n = c.n + EXCLUDED.n
$$;

-- What a trigger counts depends on other rows (a deal's brand shown or not, a brand's deals and their marks): one
-- transaction at a time changes a person's counts, and the next one's statements see what it committed. A lock per
-- person, taken in the persons' order, for the rest of the transaction.
CREATE FUNCTION dashboard_counts_lock(user_ids UUID[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(160011, hashtext(u::text)) FROM (SELECT DISTINCT u FROM unnest(user_ids) AS u ORDER BY u) AS people;
END
$$;

-- A deal stored, changed or deleted. The person's rows go with the person (ON DELETE CASCADE), so a deletion that
-- is the account's (the user is gone already) counts nothing.
CREATE FUNCTION dashboard_counts_follow_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_counts_lock(array_agg(d.user_id)) FROM new_deals d;
    PERFORM dashboard_count_deals(array_agg((d.user_id, d.category, d.status, d.expiration_date, coalesce(d.sent_at, d.created_at), d.created_at)::dashboard_counted_deal), 1)
    FROM new_deals d JOIN brands b ON b.id = d.brand_id WHERE b.is_active;
    UPDATE brands b SET first_deal_day = f.day
    FROM (SELECT d.brand_id, min((coalesce(d.sent_at, d.created_at) AT TIME ZONE 'UTC')::date) AS day FROM new_deals d GROUP BY d.brand_id) AS f
    WHERE b.id = f.brand_id AND (b.first_deal_day IS NULL OR f.day < b.first_deal_day);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_counts_lock(array_agg(d.user_id)) FROM old_deals d;
    PERFORM dashboard_count_deals(array_agg((d.user_id, d.category, d.status, d.expiration_date, coalesce(d.sent_at, d.created_at), d.created_at)::dashboard_counted_deal), -1)
    FROM old_deals d JOIN brands b ON b.id = d.brand_id WHERE b.is_active AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id);
    UPDATE brands b SET first_deal_day = (SELECT min((coalesce(d.sent_at, d.created_at) AT TIME ZONE 'UTC')::date) FROM deals d WHERE d.brand_id = b.id)
    WHERE b.id IN (SELECT brand_id FROM old_deals);
  ELSE
    -- Only what a count reads: a status change moves a deal between rows; any other change leaves them.
    PERFORM dashboard_counts_lock(array_agg(o.user_id)) FROM old_deals o;
    PERFORM dashboard_count_deals(array_agg((o.user_id, o.category, o.status, o.expiration_date, coalesce(o.sent_at, o.created_at), o.created_at)::dashboard_counted_deal), -1)
    FROM old_deals o JOIN new_deals n ON n.id = o.id JOIN brands b ON b.id = o.brand_id
    WHERE b.is_active AND (o.user_id, o.brand_id, o.category, o.status, o.expiration_date, o.sent_at, o.created_at)
      IS DISTINCT FROM (n.user_id, n.brand_id, n.category, n.status, n.expiration_date, n.sent_at, n.created_at);
    PERFORM dashboard_count_deals(array_agg((n.user_id, n.category, n.status, n.expiration_date, coalesce(n.sent_at, n.created_at), n.created_at)::dashboard_counted_deal), 1)
    FROM old_deals o JOIN new_deals n ON n.id = o.id JOIN brands b ON b.id = n.brand_id
    WHERE b.is_active AND (o.user_id, o.brand_id, o.category, o.status, o.expiration_date, o.sent_at, o.created_at)
      IS DISTINCT FROM (n.user_id, n.brand_id, n.category, n.status, n.expiration_date, n.sent_at, n.created_at);
    UPDATE brands b SET first_deal_day = (SELECT min((coalesce(d.sent_at, d.created_at) AT TIME ZONE 'UTC')::date) FROM deals d WHERE d.brand_id = b.id)
    WHERE b.id IN (
      SELECT unnest(ARRAY[o.brand_id, n.brand_id]) FROM old_deals o JOIN new_deals n ON n.id = o.id
      WHERE (o.brand_id, o.sent_at, o.created_at) IS DISTINCT FROM (n.brand_id, n.sent_at, n.created_at));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_counts_deals_inserted AFTER INSERT ON deals REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_deals();
CREATE TRIGGER dashboard_counts_deals_updated AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_deals();
CREATE TRIGGER dashboard_counts_deals_deleted AFTER DELETE ON deals REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_deals();

-- A brand hidden or shown takes its deals out of the counts or puts them back.
CREATE FUNCTION dashboard_counts_follow_brands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_counts_lock(array_agg(n.user_id)) FROM old_brands o JOIN new_brands n ON n.id = o.id WHERE n.is_active <> o.is_active;
  PERFORM dashboard_count_deals(array_agg((d.user_id, d.category, d.status, d.expiration_date, coalesce(d.sent_at, d.created_at), d.created_at)::dashboard_counted_deal), 1)
  FROM old_brands o JOIN new_brands n ON n.id = o.id JOIN deals d ON d.brand_id = n.id WHERE n.is_active AND NOT o.is_active;
  PERFORM dashboard_count_deals(array_agg((d.user_id, d.category, d.status, d.expiration_date, coalesce(d.sent_at, d.created_at), d.created_at)::dashboard_counted_deal), -1)
  FROM old_brands o JOIN new_brands n ON n.id = o.id JOIN deals d ON d.brand_id = n.id WHERE o.is_active AND NOT n.is_active;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_counts_brands_updated AFTER UPDATE ON brands REFERENCING OLD TABLE AS old_brands NEW TABLE AS new_brands
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_brands();

-- A shown brand deleted (its deals go with it) takes its deals out first; its deals' own trigger then finds no brand.
CREATE FUNCTION dashboard_counts_forget_brand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active THEN
    PERFORM dashboard_counts_lock(ARRAY[OLD.user_id]);
    PERFORM dashboard_count_deals(array_agg((d.user_id, d.category, d.status, d.expiration_date, coalesce(d.sent_at, d.created_at), d.created_at)::dashboard_counted_deal), -1)
    FROM deals d WHERE d.brand_id = OLD.id AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id);
  END IF;
  RETURN OLD;
END
$$;

CREATE TRIGGER dashboard_counts_brand_deleted BEFORE DELETE ON brands FOR EACH ROW EXECUTE FUNCTION dashboard_counts_forget_brand();

-- Adds `delta` for each processed message given, by when it was known.
CREATE FUNCTION dashboard_count_mail(user_ids UUID[], known_times TIMESTAMPTZ[], delta INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts AS c (user_id, grain, day, end_date, category, status, n)
  SELECT m.user_id, g.grain, g.day, '-infinity'::date, '', '', sum(delta)::int
  FROM unnest(user_ids, known_times) AS m(user_id, known_at)
  CROSS JOIN LATERAL (VALUES
    ('mail', '-infinity'::date),
    -- A message with no time is never known by a day (as "known by" reads it): its day is after every day.
    ('mail-by-known-day', coalesce((m.known_at AT TIME ZONE 'UTC')::date, 'infinity'::date))
  ) AS g(grain, day)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (user_id, grain, day, end_date, category, status) DO UPDATE SET n = c.n + EXCLUDED.n
$$;

CREATE FUNCTION dashboard_counts_follow_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_count_mail(array_agg(m.user_id), array_agg(coalesce(m.sent_at, m.processed_at)), 1) FROM new_messages m WHERE m.state = 'processed';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_count_mail(array_agg(m.user_id), array_agg(coalesce(m.sent_at, m.processed_at)), -1)
    FROM old_messages m WHERE m.state = 'processed' AND EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id);
  ELSE
    PERFORM dashboard_count_mail(array_agg(o.user_id), array_agg(coalesce(o.sent_at, o.processed_at)), -1)
    FROM old_messages o JOIN new_messages n ON (n.user_id, n.gmail_id) = (o.user_id, o.gmail_id)
    WHERE o.state = 'processed' AND (o.state, o.sent_at, o.processed_at) IS DISTINCT FROM (n.state, n.sent_at, n.processed_at);
    PERFORM dashboard_count_mail(array_agg(n.user_id), array_agg(coalesce(n.sent_at, n.processed_at)), 1)
    FROM old_messages o JOIN new_messages n ON (n.user_id, n.gmail_id) = (o.user_id, o.gmail_id)
    WHERE n.state = 'processed' AND (o.state, o.sent_at, o.processed_at) IS DISTINCT FROM (n.state, n.sent_at, n.processed_at);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_counts_mail_inserted AFTER INSERT ON gmail_messages REFERENCING NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_mail();
CREATE TRIGGER dashboard_counts_mail_updated AFTER UPDATE ON gmail_messages REFERENCING OLD TABLE AS old_messages NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_mail();
CREATE TRIGGER dashboard_counts_mail_deleted AFTER DELETE ON gmail_messages REFERENCING OLD TABLE AS old_messages
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_follow_mail();

-- The counts of the rows already stored.
SELECT dashboard_count_deals(array_agg((d.user_id, d.category, d.status, d.expiration_date, coalesce(d.sent_at, d.created_at), d.created_at)::dashboard_counted_deal), 1)
FROM deals d JOIN brands b ON b.id = d.brand_id WHERE b.is_active;

SELECT dashboard_count_mail(array_agg(m.user_id), array_agg(coalesce(m.sent_at, m.processed_at)), 1) FROM gmail_messages m WHERE m.state = 'processed';

UPDATE brands b SET first_deal_day = f.day
FROM (SELECT d.brand_id, min((coalesce(d.sent_at, d.created_at) AT TIME ZONE 'UTC')::date) AS day FROM deals d GROUP BY d.brand_id) AS f
WHERE b.id = f.brand_id;
