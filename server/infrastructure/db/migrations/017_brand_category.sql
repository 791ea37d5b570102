-- A brand's category is decided over all of its mail (docs/product.md, "Categories"), by the domain's rule
-- (src/domain/brandCategory.ts). What each marketing mail of a sender's domain says about its trade is summed here as
-- the mail is stored, once per message (a message is processed once), mail without a deal included; bodies are never
-- kept. `category` and `decisive` are the rule's answer for the sum, kept so a store sees when it changes.
CREATE TABLE brand_category_evidence (
  user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  evidence JSONB NOT NULL,
  category TEXT,
  decisive BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, domain)
);

-- Each deal's own mail's guess ('Others' included), or null when its mail's words pointed nowhere: the deal's category
-- while its brand's mail does not decide. Deals stored before keep the category they were given as their guess.
ALTER TABLE deals ADD COLUMN guessed_category TEXT;
UPDATE deals SET guessed_category = category;
