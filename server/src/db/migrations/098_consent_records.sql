-- What the applicant is told and agrees to (issue 27; docs/ARCHITECTURE.md "Consent records, decline letters and the
-- grievance officer").
--
-- 1. The grievance officer (setup config GLOBAL/GrievanceOfficer, domain/config/grievance.ts). A fresh database gets
--    it from the seed (seed/setup-configs.ts, which runs only on an empty table); an existing one gets it here.
INSERT INTO setup_configs (category, sub_category, tenant, config)
SELECT 'GLOBAL', 'GrievanceOfficer', v.tenant, v.config::jsonb
  FROM (VALUES
    ('*', '{"name": "Meera Iyer", "phone": "+91 22 4000 1100", "email": "grievance@lendline.example"}'),
    ('northbank', '{"name": "Arjun Mehta", "phone": "+91 11 4000 2200", "email": "grievance@northbank.example"}')
  ) AS v (tenant, config)
 WHERE EXISTS (SELECT 1 FROM setup_configs)
   AND NOT EXISTS (SELECT 1 FROM setup_configs WHERE category = 'GLOBAL' AND sub_category = 'GrievanceOfficer');

-- 2. The consent notices (DPDP Act 2023: a notice before consent, per purpose, in English or a scheduled language):
--    configuration with a version. A changed notice is a new version row; a consent records the version it was
--    given against, so what the applicant read stays provable.
CREATE TABLE consent_notices (
  purpose    text NOT NULL CHECK (purpose IN ('BUREAU_PULL', 'BANK_STATEMENT', 'COMMUNICATION', 'PARTNER_SHARING')),
  version    int NOT NULL CHECK (version > 0),
  lang       text NOT NULL,
  body       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (purpose, version, lang)
);

-- 3. The consent records: one row per act (given or withdrawn) of one applicant of an application on one purpose,
--    never updated: the latest row is the standing consent, the earlier ones its history.
CREATE TABLE consent_records (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  applicant_id   text NOT NULL,
  applicant_type text NOT NULL,
  purpose        text NOT NULL,
  given          boolean NOT NULL,
  notice_version int NOT NULL,
  lang           text NOT NULL,
  channel        text NOT NULL CHECK (channel IN ('PORTAL', 'LINK')),
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_records_applicant_idx ON consent_records (application_id, applicant_id, purpose, id DESC);

INSERT INTO consent_notices (purpose, version, lang, body) VALUES
('BUREAU_PULL', 1, 'en', '{"title": "Credit bureau check",
  "data": "Your name, date of birth, PAN and address.",
  "why": "To fetch your credit report and score and decide on this loan application.",
  "who": "The lender and the credit information company it uses (CIBIL).",
  "retention": "The report is kept with your application for as long as the law requires (up to 8 years after the loan closes, or 1 year if it is declined).",
  "withdraw": "Withdraw at any time from the status page of your application or the link in our e-mails. No new report is fetched after that; a report already fetched stays with the application."}'),
('BUREAU_PULL', 1, 'hi', '{"title": "क्रेडिट ब्यूरो जाँच",
  "data": "आपका नाम, जन्म तिथि, PAN और पता।",
  "why": "आपकी क्रेडिट रिपोर्ट और स्कोर लेकर इस ऋण आवेदन पर निर्णय करने के लिए।",
  "who": "ऋणदाता और उसकी क्रेडिट सूचना कंपनी (CIBIL)।",
  "retention": "रिपोर्ट आपके आवेदन के साथ उतने समय रखी जाती है जितना कानून कहता है (ऋण बंद होने के बाद 8 वर्ष तक, या अस्वीकार होने पर 1 वर्ष)।",
  "withdraw": "आप कभी भी अपने आवेदन के स्थिति पृष्ठ से या हमारे ई-मेल के लिंक से सहमति वापस ले सकते हैं। उसके बाद कोई नई रिपोर्ट नहीं ली जाती; पहले ली गई रिपोर्ट आवेदन के साथ रहती है।"}'),
('BANK_STATEMENT', 1, 'en', '{"title": "Bank statement analysis",
  "data": "The transactions of the bank account you choose, for the last 6 months.",
  "why": "To check your income and existing repayments for this loan.",
  "who": "The lender and its statement-analysis provider (Perfios).",
  "retention": "Kept with your application for as long as the law requires, then deleted.",
  "withdraw": "Withdraw at any time from the status page of your application or the link in our e-mails. No new statement is fetched after that."}'),
('BANK_STATEMENT', 1, 'hi', '{"title": "बैंक स्टेटमेंट विश्लेषण",
  "data": "आपके चुने हुए बैंक खाते के पिछले 6 महीनों के लेन-देन।",
  "why": "इस ऋण के लिए आपकी आय और मौजूदा किस्तों की जाँच के लिए।",
  "who": "ऋणदाता और उसका स्टेटमेंट-विश्लेषण प्रदाता (Perfios)।",
  "retention": "कानून जितना कहता है उतने समय आवेदन के साथ रखा जाता है, फिर हटा दिया जाता है।",
  "withdraw": "आप कभी भी अपने आवेदन के स्थिति पृष्ठ से या हमारे ई-मेल के लिंक से सहमति वापस ले सकते हैं। उसके बाद कोई नया स्टेटमेंट नहीं लिया जाता।"}'),
('COMMUNICATION', 1, 'en', '{"title": "Messages about your application",
  "data": "Your mobile number and e-mail address.",
  "why": "To send you updates, reminders and offers about this loan by SMS and e-mail.",
  "who": "The lender and its messaging providers.",
  "retention": "Until you withdraw, or until the loan closes.",
  "withdraw": "Withdraw at any time from the status page of your application or the link in our e-mails. Messages the law requires (such as the decision on your application) are still sent."}'),
('COMMUNICATION', 1, 'hi', '{"title": "आपके आवेदन के बारे में संदेश",
  "data": "आपका मोबाइल नंबर और ई-मेल पता।",
  "why": "इस ऋण के बारे में SMS और ई-मेल से अपडेट, अनुस्मारक और प्रस्ताव भेजने के लिए।",
  "who": "ऋणदाता और उसके संदेश प्रदाता।",
  "retention": "जब तक आप सहमति वापस न लें, या ऋण बंद होने तक।",
  "withdraw": "आप कभी भी अपने आवेदन के स्थिति पृष्ठ से या हमारे ई-मेल के लिंक से सहमति वापस ले सकते हैं। कानून द्वारा आवश्यक संदेश (जैसे आपके आवेदन पर निर्णय) फिर भी भेजे जाते हैं।"}'),
('PARTNER_SHARING', 1, 'en', '{"title": "Sharing with our partners",
  "data": "Your application details and the decision on it.",
  "why": "So that a co-lending partner may take part in the loan and its insurer may offer cover.",
  "who": "Our named partners: Sahyog Co-Lending Ltd (co-lender) and Suraksha General Insurance (credit insurance).",
  "retention": "As long as the partner takes part in your loan and the law requires after that.",
  "withdraw": "Withdraw at any time from the status page of your application or the link in our e-mails. Nothing more is shared after that."}'),
('PARTNER_SHARING', 1, 'hi', '{"title": "हमारे भागीदारों के साथ साझा करना",
  "data": "आपके आवेदन का विवरण और उस पर निर्णय।",
  "why": "ताकि सह-ऋण भागीदार ऋण में भाग ले सके और बीमाकर्ता सुरक्षा दे सके।",
  "who": "हमारे नामित भागीदार: सहयोग को-लेंडिंग लिमिटेड (सह-ऋणदाता) और सुरक्षा जनरल इंश्योरेंस (क्रेडिट बीमा)।",
  "retention": "जब तक भागीदार आपके ऋण में शामिल है और उसके बाद कानून जितना कहता है।",
  "withdraw": "आप कभी भी अपने आवेदन के स्थिति पृष्ठ से या हमारे ई-मेल के लिंक से सहमति वापस ले सकते हैं। उसके बाद कुछ भी और साझा नहीं किया जाता।"}');
