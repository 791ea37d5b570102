-- The barcode a mail gives for a deal, for the cashier (src/domain/barcode.ts, docs/product.md "Codes in your
-- pocket"): {"kind":"digits","value":"..."} or {"kind":"image","url":"..."}; NULL when the mail gave none, and for
-- deals stored before it was read. Capped like the other fields (004_field_caps.sql): digits and one web address.
ALTER TABLE deals ADD COLUMN barcode JSONB CHECK (
  barcode IS NULL OR (
    octet_length(barcode::text) <= 2200 AND (
      (barcode->>'kind' = 'digits' AND barcode->>'value' ~ '^[0-9]{8,24}$') OR
      (barcode->>'kind' = 'image' AND barcode->>'url' ~ '^https?://')
    )
  )
);
