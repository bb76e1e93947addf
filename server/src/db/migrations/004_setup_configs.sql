-- Setup configs of §7 as data: versioned rows (ver_num) in modes SAVED and DRAFT, so a change is a new row, not a code release.
-- tenant '*' applies to every tenant; a tenant's own row wins over it. product_code '*' likewise.
CREATE TABLE setup_configs (
  config_id    bigserial PRIMARY KEY,
  category     text NOT NULL,
  sub_category text NOT NULL,
  tenant       text NOT NULL DEFAULT '*',
  product_code text NOT NULL DEFAULT '*',
  enabled      boolean NOT NULL DEFAULT true,
  config       jsonb NOT NULL DEFAULT '{}'::jsonb,
  ver_num      int NOT NULL DEFAULT 243,
  mode         text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (category, sub_category, tenant, product_code, ver_num, mode)
);

-- Self-hosted captcha challenges (no outside service); each is answered at most once.
CREATE TABLE captcha_challenges (
  captcha_id text PRIMARY KEY,
  answer     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX captcha_challenges_expiry_idx ON captcha_challenges (expires_at);
