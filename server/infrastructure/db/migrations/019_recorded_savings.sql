-- What a person says a used deal saved them, when they say it ("Used it" asks, optionally). It is theirs alone, like
-- the deal's status, and kept in hundredths of the currency the amount was written in so that sums never round
-- (docs/product.md, "Savings"). Both are empty until the person records an amount.
ALTER TABLE deals ADD COLUMN saved_hundredths BIGINT CHECK (saved_hundredths >= 0 AND saved_hundredths <= 100000000);
ALTER TABLE deals ADD COLUMN saved_currency TEXT CHECK (saved_currency ~ '^[A-Z]{3}$');
ALTER TABLE deals ADD COLUMN saved_at TIMESTAMPTZ;
