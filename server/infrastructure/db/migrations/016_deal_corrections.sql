-- What a person corrected of what the extractor read (docs/product.md, "Corrections"). Deals and brands are rows of one
-- person, so a correction is that person's alone. A deal's shown fields stay in their columns (every query, count,
-- email and the extension read them there); what the mail said is kept beside them (mail_*), and a trigger sets each
-- shown field to the person's correction when there is one, else to the mail's value, whoever writes the row: a
-- correction, a re-sync that stores the message again, or a rule that decides a brand's category over all its mail.

-- The mail's own values. A writer that changes a shown field states what the mail said (the trigger moves it here).
ALTER TABLE deals ADD COLUMN mail_promo_codes TEXT[];
ALTER TABLE deals ADD COLUMN mail_expiration_date DATE;
ALTER TABLE deals ADD COLUMN mail_category TEXT;
-- The extractor's evidence (migration 015); the shown one says "corrected" for each field the person corrected.
ALTER TABLE deals ADD COLUMN mail_evidence JSONB;
UPDATE deals SET mail_promo_codes = promo_codes, mail_expiration_date = expiration_date, mail_category = category, mail_evidence = evidence;
ALTER TABLE deals ALTER COLUMN mail_promo_codes SET NOT NULL;
ALTER TABLE deals ALTER COLUMN mail_category SET NOT NULL;

ALTER TABLE brands ADD COLUMN mail_name TEXT;
UPDATE brands SET mail_name = name;
ALTER TABLE brands ALTER COLUMN mail_name SET NOT NULL;

-- One row per person and deal, keyed as the deal is (message and codes), so that a deal stored again from the same
-- message meets its correction. A null field is not corrected. "Not a deal" deletes the deal's row and keeps it here
-- (snapshot), so that undoing it puts the same deal back, and a re-sync does not store it again.
CREATE TABLE deal_corrections (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gmail_id TEXT NOT NULL,
  code_key TEXT NOT NULL,
  deal_id UUID NOT NULL,
  promo_codes TEXT[] CHECK (cardinality(promo_codes) = 1 AND all_within_length(promo_codes, 40)),
  expiration_date DATE,
  not_a_deal BOOLEAN NOT NULL DEFAULT false,
  snapshot JSONB,
  corrected_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, gmail_id, code_key)
);
CREATE UNIQUE INDEX deal_corrections_deal ON deal_corrections(user_id, deal_id);

-- The brand's fields, for all its mail, earlier and later: one row per person's brand (brands are rows of one person).
CREATE TABLE brand_corrections (
  brand_id UUID PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  category TEXT,
  name TEXT CHECK (char_length(name) BETWEEN 1 AND 100),
  corrected_at TIMESTAMPTZ NOT NULL
);

CREATE FUNCTION deal_corrections_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  correction deal_corrections%ROWTYPE;
  brand_correction brand_corrections%ROWTYPE;
  corrected JSONB := '{"kind": "corrected", "confidence": "stated"}';
  shown JSONB;
BEGIN
  SELECT * INTO correction FROM deal_corrections c WHERE c.user_id = NEW.user_id AND c.gmail_id = NEW.gmail_id AND c.code_key = NEW.code_key;
  IF TG_OP = 'INSERT' THEN
    -- The person said this is not a deal: the message stored again does not bring it back.
    IF correction.not_a_deal THEN RETURN NULL; END IF;
    -- The same deal stored again in a new row (its message synced anew): the correction follows it to that row.
    IF correction.deal_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.id = correction.deal_id) THEN
      UPDATE deal_corrections SET deal_id = NEW.id WHERE user_id = NEW.user_id AND gmail_id = NEW.gmail_id AND code_key = NEW.code_key;
    END IF;
    -- A restored row (undoing "not a deal") carries its mail values; a new one's shown values are the mail's.
    NEW.mail_promo_codes := coalesce(NEW.mail_promo_codes, NEW.promo_codes);
    NEW.mail_expiration_date := CASE WHEN NEW.mail_category IS NULL THEN NEW.expiration_date ELSE NEW.mail_expiration_date END;
    NEW.mail_evidence := CASE WHEN NEW.mail_category IS NULL THEN NEW.evidence ELSE NEW.mail_evidence END;
    NEW.mail_category := coalesce(NEW.mail_category, NEW.category);
  ELSE
    IF NEW.promo_codes IS DISTINCT FROM OLD.promo_codes THEN NEW.mail_promo_codes := NEW.promo_codes; END IF;
    IF NEW.expiration_date IS DISTINCT FROM OLD.expiration_date THEN NEW.mail_expiration_date := NEW.expiration_date; END IF;
    IF NEW.category IS DISTINCT FROM OLD.category THEN NEW.mail_category := NEW.category; END IF;
    IF NEW.evidence IS DISTINCT FROM OLD.evidence THEN NEW.mail_evidence := NEW.evidence; END IF;
  END IF;
  SELECT * INTO brand_correction FROM brand_corrections b WHERE b.brand_id = NEW.brand_id;
  NEW.promo_codes := coalesce(correction.promo_codes, NEW.mail_promo_codes);
  NEW.expiration_date := coalesce(correction.expiration_date, NEW.mail_expiration_date);
  NEW.category := coalesce(brand_correction.category, NEW.mail_category);
  -- Evidence (src/domain/evidence.ts): the person's word, "corrected", for each field they corrected.
  shown := NEW.mail_evidence;
  IF shown IS NULL AND (correction.promo_codes IS NOT NULL OR correction.expiration_date IS NOT NULL
      OR brand_correction.category IS NOT NULL OR brand_correction.name IS NOT NULL) THEN
    shown := '{"codes": [], "endDate": null, "brand": null, "category": null}';
  END IF;
  IF correction.promo_codes IS NOT NULL THEN
    shown := jsonb_set(shown, '{codes}', jsonb_build_array(corrected || jsonb_build_object('code', correction.promo_codes[1])));
  END IF;
  IF correction.expiration_date IS NOT NULL THEN shown := jsonb_set(shown, '{endDate}', corrected); END IF;
  IF brand_correction.category IS NOT NULL THEN shown := jsonb_set(shown, '{category}', corrected); END IF;
  IF brand_correction.name IS NOT NULL THEN shown := jsonb_set(shown, '{brand}', corrected); END IF;
  NEW.evidence := shown;
  RETURN NEW;
END
$$;

-- Runs before the counts' AFTER triggers, so the kept counts follow the shown values.
CREATE TRIGGER deal_corrections_applied BEFORE INSERT OR UPDATE ON deals FOR EACH ROW EXECUTE FUNCTION deal_corrections_apply();

CREATE FUNCTION brand_corrections_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  corrected_name TEXT;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.mail_name := coalesce(NEW.mail_name, NEW.name);
  ELSIF NEW.name IS DISTINCT FROM OLD.name THEN
    NEW.mail_name := NEW.name;
  END IF;
  SELECT b.name INTO corrected_name FROM brand_corrections b WHERE b.brand_id = NEW.id;
  NEW.name := coalesce(corrected_name, NEW.mail_name);
  RETURN NEW;
END
$$;

CREATE TRIGGER brand_corrections_applied BEFORE INSERT OR UPDATE ON brands FOR EACH ROW EXECUTE FUNCTION brand_corrections_apply();
