-- Pricing as configuration (issue 27): each product's rate (fixed, or benchmark + spread with its reset), upfront fees
-- and contingent charges per amount/tenure band, as the shared pricing engine reads them (shared/src/pricing/types.ts).
-- An admin edits them (PUT /v3/pricing/{productCode}); every edit bumps version and leaves a pricing_audits row with
-- the bands before and after. Seeded for the demo products by seed/pricing.ts.
CREATE TABLE product_pricing (
  product_code text PRIMARY KEY,
  version      integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  bands        jsonb NOT NULL CHECK (jsonb_typeof(bands) = 'array'),
  updated_by   text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pricing_audits (
  id           bigserial PRIMARY KEY,
  product_code text NOT NULL,
  version      integer NOT NULL,
  old_bands    jsonb,
  new_bands    jsonb NOT NULL,
  by_user      text NOT NULL,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pricing_audits_product ON pricing_audits (product_code, id);

-- The EMI and sanction-letter microflows no longer carry a rate of their own (10.5 % was written here): the rate comes
-- from the product's pricing band for the application's amount and tenure.
UPDATE microflows SET config = config - 'defaultRate' WHERE microflow_id IN ('EMI_CALC', 'SANCTION_LETTER');
