-- Hindi to the last configured name (issue 30, continuing 110; docs/ARCHITECTURE.md "Configured names in every
-- language"): the demo geography's branches and the teams get a `translations` map (language → field → text) beside
-- their English name, served as configNames.branch (by English name) and configNames.team (by team id). On a fresh
-- database the branches come from migration 062 and the teams from seed/identity.ts (which carries the same Hindi);
-- the updates below touch nothing that already has translations.

ALTER TABLE geo_branches ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE teams ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;

UPDATE geo_branches SET translations = jsonb_build_object('hi', jsonb_build_object('name', v.hi))
  FROM (VALUES ('NORTH', 'उत्तर शाखा'), ('SOUTH', 'दक्षिण शाखा'), ('EAST', 'पूर्व शाखा')) AS v(code, hi)
 WHERE geo_branches.branch_code = v.code AND geo_branches.translations = '{}'::jsonb;

UPDATE teams SET translations = jsonb_build_object('hi', jsonb_build_object('name', v.hi))
  FROM (VALUES
    ('HQ', 'प्रधान कार्यालय'),
    ('BR-NORTH', 'उत्तर शाखा'),
    ('BR-SOUTH', 'दक्षिण शाखा'),
    ('CPA-NORTH', 'सीपीए उत्तर'),
    ('CPA-SOUTH', 'सीपीए दक्षिण'),
    ('CREDIT', 'क्रेडिट'),
    ('APPROVAL', 'स्वीकृति'),
    ('OPS', 'संचालन'),
    ('CREDIT-COMMITTEE', 'क्रेडिट समिति')
  ) AS v(id, hi)
 WHERE teams.team_id = v.id AND teams.translations = '{}'::jsonb;
