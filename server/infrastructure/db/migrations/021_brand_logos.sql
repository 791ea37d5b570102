-- A brand's logo from the best evidence its mail gave (docs/product.md, "Brand logos"): its schema.org
-- Organization.logo (rank 2), else its mail's header logo image (rank 1). A better-ranked logo replaces the one kept;
-- no logo is rank 0. Only the address is kept, a web URL within the extractor's cap; the image proxy fetches it.
ALTER TABLE brands ADD COLUMN logo_url TEXT CHECK (logo_url ~* '^https?://' AND char_length(logo_url) <= 2048);
ALTER TABLE brands ADD COLUMN logo_rank SMALLINT NOT NULL DEFAULT 0 CHECK (logo_rank BETWEEN 0 AND 2);
ALTER TABLE brands ADD CONSTRAINT brands_logo_ranked CHECK ((logo_url IS NULL) = (logo_rank = 0));
