-- The was/now price a mail states ("$35.99 instead of $59.99", markup's price and discountValue), read by the extractor
-- (src/domain/dealPrice.ts): in hundredths of one currency, the old price above the new one, all three or none. It is
-- the mail's, like the deal's other fields; what a person says a used deal saved them is 019's.
ALTER TABLE deals ADD COLUMN price_currency TEXT CHECK (price_currency ~ '^[A-Z]{3}$');
ALTER TABLE deals ADD COLUMN price_now_hundredths BIGINT CHECK (price_now_hundredths > 0);
ALTER TABLE deals ADD COLUMN price_was_hundredths BIGINT CHECK (price_was_hundredths <= 100000000);
ALTER TABLE deals ADD CONSTRAINT deals_price_whole CHECK (
  (price_currency IS NULL AND price_now_hundredths IS NULL AND price_was_hundredths IS NULL)
  OR (price_currency IS NOT NULL AND price_now_hundredths IS NOT NULL AND price_was_hundredths > price_now_hundredths)
);
-- A recorded saving belongs to a used deal, and has its currency and its time with it.
ALTER TABLE deals ADD CONSTRAINT deals_saving_whole CHECK (
  (saved_hundredths IS NULL AND saved_currency IS NULL AND saved_at IS NULL)
  OR (saved_hundredths IS NOT NULL AND saved_currency IS NOT NULL AND saved_at IS NOT NULL AND status = 'used')
);
-- "Saved this month / this year" reads one person's recorded savings of the year, whatever their number of deals.
CREATE INDEX deals_user_saved ON deals (user_id, saved_at) WHERE saved_at IS NOT NULL;
