-- The dashboard's first answer, flat in the number of a person's deals (docs/scaling.md, "The dashboard's first answer,
-- cold and warm"). Two parts of it still read every deal in some cases.
--
-- 1. The first page reads each run of unmarked deals (live, undated, expired) in the dashboard's order. With an index
--    that holds only unmarked deals, in that order, the planner reads a page's worth of entries whatever its
--    statistics say. Without it, a table never analyzed (PGlite has no autovacuum: after a first sync, until the hourly
--    ANALYZE) makes "status IS NULL" look rare, and the planner sorted every deal of the run instead.
CREATE INDEX deals_user_unmarked_order ON deals (user_id, expiration_date, sent_at DESC NULLS LAST, id) WHERE status IS NULL;

-- 2. "New deals today" counts the current deals stored since the person's midnight. It was counted from the deals
--    stored since then, which is every deal on the day of a first sync. Kept instead, like the other figures (014),
--    per quarter hour a deal was stored (a UTC instant, so any zone's midnight, whose offset is a whole number of
--    quarter hours, starts one), mark and end date, for deals of shown brands. The reader (dealsRepository.ts, summary)
--    decides each row's state with the lifecycle's SQL and counts from the deals themselves only the part of a quarter
--    that a midnight off the quarter would cut. Quarters start at 2000-01-01 00:00 UTC, which the reader uses too.
CREATE TABLE dashboard_found_counts (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  found_quarter TIMESTAMPTZ NOT NULL,
  -- 'infinity' for a deal without an end date.
  end_date DATE NOT NULL,
  -- The deal's mark ('used', 'not_working'), or '' for none.
  status TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (user_id, found_quarter, end_date, status)
);

-- As in 014, without the grain per day stored (nothing read it: a UTC day cannot answer a person's midnight), and
-- with the quarter hours above. Rows are written in key order, so concurrent writers never deadlock on them.
CREATE OR REPLACE FUNCTION dashboard_count_deals(changed dashboard_counted_deal[], delta INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts AS c (user_id, grain, day, end_date, category, status, n)
  SELECT d.user_id, g.grain, g.day, g.end_date, d.category, coalesce(d.status, ''), sum(delta)::int
  FROM unnest(changed) AS d
  CROSS JOIN LATERAL (VALUES
    ('deals', '-infinity'::date, '-infinity'::date),
    ('deals-by-end', '-infinity'::date, coalesce(d.expiration_date, 'infinity'::date)),
    ('deals-by-known-day', (d.known_at AT TIME ZONE 'UTC')::date, coalesce(d.expiration_date, 'infinity'::date))
  ) AS g(grain, day, end_date)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (user_id, grain, day, end_date, category, status) DO UPDATE SET n = c.n + EXCLUDED.n;

  INSERT INTO dashboard_found_counts AS c (user_id, found_quarter, end_date, status, n)
  SELECT d.user_id, date_bin('15 minutes', d.found_at, '2000-01-01 00:00:00+00'::timestamptz), coalesce(d.expiration_date, 'infinity'::date),
         coalesce(d.status, ''), sum(delta)::int
  FROM unnest(changed) AS d
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, found_quarter, end_date, status) DO UPDATE SET n = c.n + EXCLUDED.n
$$;

DELETE FROM dashboard_counts WHERE grain = 'deals-by-found-day';

-- The deals already stored.
INSERT INTO dashboard_found_counts (user_id, found_quarter, end_date, status, n)
SELECT d.user_id, date_bin('15 minutes', d.created_at, '2000-01-01 00:00:00+00'::timestamptz), coalesce(d.expiration_date, 'infinity'::date),
       coalesce(d.status, ''), count(*)::int
FROM deals d JOIN brands b ON b.id = d.brand_id WHERE b.is_active
GROUP BY 1, 2, 3, 4;
