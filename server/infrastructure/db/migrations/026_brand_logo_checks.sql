-- A brand's logo is offered only once it has loaded (docs/product.md, "Brand logos"): a logo whose host fails would
-- cost a refused request and a console error on every card of that brand. A new logo address starts unchecked; a
-- background job fetches it once through the image proxy's guarded fetch and marks it ok or failed. Logos kept before
-- this migration start unchecked too, and the job's sweep checks them.
ALTER TABLE brands ADD COLUMN logo_state TEXT NOT NULL DEFAULT 'unchecked' CHECK (logo_state IN ('unchecked', 'ok', 'failed'));
ALTER TABLE brands ADD COLUMN logo_checked_at TIMESTAMPTZ;
-- Only an address is checked, and a checked one says when.
ALTER TABLE brands ADD CONSTRAINT brands_logo_state_has_url CHECK (logo_url IS NOT NULL OR logo_state = 'unchecked');
ALTER TABLE brands ADD CONSTRAINT brands_logo_checked_at CHECK ((logo_state = 'unchecked') = (logo_checked_at IS NULL));

-- The sweep's work list: the logos waiting for a check, oldest brand first.
CREATE INDEX brands_logo_unchecked ON brands (created_at) WHERE logo_state = 'unchecked' AND logo_url IS NOT NULL;

-- Each brand's logo addresses whose check failed, so that a later mail naming the same address neither brings it back
-- nor has it fetched again every sync before retry_after (soon for a host that did not answer, which may be passing;
-- a month for an answer that was no logo), while a different address is adopted and checked. Keyed by the address's
-- hash: an address may be longer than an index entry may hold.
CREATE TABLE brand_logo_failures (
  brand_id UUID NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  url TEXT NOT NULL CHECK (char_length(url) <= 2048),
  -- The image proxy's refusal ("unreachable", "upstream_status", "not_a_logo", ...), for whoever looks at the row.
  reason TEXT NOT NULL CHECK (char_length(reason) <= 40),
  failed_at TIMESTAMPTZ NOT NULL,
  retry_after TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX brand_logo_failures_key ON brand_logo_failures (brand_id, md5(url));
