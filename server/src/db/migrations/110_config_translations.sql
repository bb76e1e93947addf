-- Hindi to the last configured label (issue 30; docs/ARCHITECTURE.md "Configured names in every language"): the
-- configuration records a person reads by name carry a `translations` map, language → field → text, beside the
-- English name that stays their key and the value every API field, list filter and rule carries:
--   products       translations = {"hi": {"product_name": …, "description": …}}
--   templates      translations = {"hi": {"template_name": …}}
--   lifecycle steps  {"stepName": …, "taskName": …, "translations": {"hi": {"stepName": …, "taskName": …}}}
--   approval levels  {"name": …, "translations": {"hi": {"name": …}}}
--   decline reasons  {"code": …, "label": …, "translations": {"hi": {"label": …}}}
-- A tenant adds a language by adding its key. On a fresh database products and lifecycles are seeded after the
-- migrations (seed/demo.ts, seed/config/lifecycles.ts carry the same Hindi); the updates below bring a database
-- seeded before this migration to the same state, and touch nothing that already has translations.

ALTER TABLE products ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE templates ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;

UPDATE products SET translations = v.t::jsonb
  FROM (VALUES
    ('PL', '{"hi": {"product_name": "व्यक्तिगत ऋण", "description": "निजी ज़रूरतों के लिए बिना गिरवी का ऋण, 1 से 5 वर्ष।"}}'),
    ('HL', '{"hi": {"product_name": "गृह ऋण", "description": "घर की ख़रीद या निर्माण के लिए, 30 वर्ष तक।"}}'),
    ('BL', '{"hi": {"product_name": "व्यवसाय ऋण", "description": "छोटे व्यवसायों के लिए कार्यशील पूंजी और सावधि ऋण।"}}')
  ) AS v(code, t)
 WHERE products.product_code = v.code AND products.translations = '{}'::jsonb;

UPDATE templates SET translations = jsonb_build_object('hi', jsonb_build_object('template_name', v.hi))
  FROM (VALUES
    ('SANCTION_LETTER', 'ऋण स्वीकृति पत्र'),
    ('KEY_FACT_STATEMENT', 'मुख्य तथ्य विवरण'),
    ('APPLICATION_RECEIVED_SMS', 'आवेदन प्राप्त हुआ'),
    ('DOCUMENTS_PENDING_EMAIL', 'दस्तावेज़ लंबित'),
    ('REJECTION_EMAIL', 'आवेदन अस्वीकृत'),
    ('WELCOME_KIT', 'स्वागत किट')
  ) AS v(id, hi)
 WHERE templates.template_id = v.id AND templates.translations = '{}'::jsonb;

-- Steps: each seeded step name goes with one task name, so the step object gains both at once. jsonb prints
-- "key": "value" with one space, which these replacements rely on.
UPDATE lifecycles SET steps = replace(replace(replace(replace(replace(replace(steps::text,
    '"stepName": "Data Entry"', '"stepName": "Data Entry", "translations": {"hi": {"stepName": "डेटा प्रविष्टि", "taskName": "आवेदन दर्ज करें"}}'),
    '"stepName": "Credit Review"', '"stepName": "Credit Review", "translations": {"hi": {"stepName": "क्रेडिट समीक्षा", "taskName": "क्रेडिट का आकलन करें"}}'),
    '"stepName": "Approval"', '"stepName": "Approval", "translations": {"hi": {"stepName": "स्वीकृति", "taskName": "स्वीकृति का निर्णय"}}'),
    '"stepName": "Disbursement"', '"stepName": "Disbursement", "translations": {"hi": {"stepName": "ऋण वितरण", "taskName": "ऋण वितरित करें"}}'),
    '"stepName": "Property Valuation"', '"stepName": "Property Valuation", "translations": {"hi": {"stepName": "संपत्ति मूल्यांकन", "taskName": "संपत्ति का मूल्यांकन करें"}}'),
    '"stepName": "Financial Analysis"', '"stepName": "Financial Analysis", "translations": {"hi": {"stepName": "वित्तीय विश्लेषण", "taskName": "वित्तीय विवरणों का विश्लेषण करें"}}')::jsonb
 WHERE steps::text NOT LIKE '%"translations"%';

UPDATE approval_matrices SET body = replace(replace(replace(replace(replace(replace(replace(replace(body::text,
    '"name": "Branch head"', '"name": "Branch head", "translations": {"hi": {"name": "शाखा प्रमुख"}}'),
    '"name": "Credit committee"', '"name": "Credit committee", "translations": {"hi": {"name": "क्रेडिट समिति"}}'),
    '"label": "Income could not be verified"', '"label": "Income could not be verified", "translations": {"hi": {"label": "आय का सत्यापन नहीं हो सका"}}'),
    '"label": "Poor credit history"', '"label": "Poor credit history", "translations": {"hi": {"label": "कमज़ोर क्रेडिट इतिहास"}}'),
    '"label": "Existing obligations too high"', '"label": "Existing obligations too high", "translations": {"hi": {"label": "मौजूदा देनदारियाँ बहुत अधिक"}}'),
    '"label": "Outside the product policy"', '"label": "Outside the product policy", "translations": {"hi": {"label": "उत्पाद नीति के बाहर"}}'),
    '"label": "Documents could not be verified as genuine"', '"label": "Documents could not be verified as genuine", "translations": {"hi": {"label": "दस्तावेज़ों की प्रामाणिकता सत्यापित नहीं हो सकी"}}'),
    '"label": "Applicant withdrew"', '"label": "Applicant withdrew", "translations": {"hi": {"label": "आवेदक ने आवेदन वापस लिया"}}')::jsonb
 WHERE body::text NOT LIKE '%"translations"%';
