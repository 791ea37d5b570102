-- Where each of a deal's fields came from and how sure it is (src/domain/evidence.ts's DealEvidence, as JSON):
-- {"codes": [{"code", "kind", "confidence"}], "endDate", "brand", "category"}. NULL is unknown: deals stored before
-- evidence was kept stay readable as they are, and nothing is backfilled (the extractor's rules may have changed since).
ALTER TABLE deals ADD COLUMN evidence JSONB;
