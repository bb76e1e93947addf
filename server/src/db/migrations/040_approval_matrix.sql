-- Approval matrix per product (§4 approval actions; docs/ARCHITECTURE.md "Approvals"): configuration as data,
-- versioned like the other configuration tables (ver_num, SAVED | DRAFT). The body names amount bands, each with
-- the ordered levels that must approve, and who approves raised exceptions:
--   { "exceptions": {role, team, name},
--     "bands": [ { "maxAmount": 1000000 | null, "levels": [ {role, team, name}, … ] }, … ] }
-- A band applies when the application's loan amount is at most maxAmount (null: no upper limit); the first that
-- applies wins. A level is approved by a user holding its role (§6 business roles); its team is the queue the
-- level waits in ("my approvals" of the team's members) until someone forwards it to a user.
-- No foreign key to products: the defaults below are written before the demo products exist.
CREATE TABLE approval_matrices (
  product_code text NOT NULL,
  ver_num      int NOT NULL DEFAULT 243,
  mode         text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  body         jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_code, ver_num, mode)
);

-- The demo products: up to 10 lakh the branch head decides; above it the branch head, then the credit committee
-- (home loans: 50 lakh).
INSERT INTO approval_matrices (product_code, ver_num, mode, body) VALUES
  ('PL', 243, 'SAVED', '{"exceptions": {"role": "BH", "team": "APPROVAL", "name": "Branch head"},
    "bands": [{"maxAmount": 1000000, "levels": [{"role": "BH", "team": "APPROVAL", "name": "Branch head"}]},
              {"maxAmount": null, "levels": [{"role": "BH", "team": "APPROVAL", "name": "Branch head"},
                                             {"role": "CREDIT_COMMITTEE", "team": "CREDIT-COMMITTEE", "name": "Credit committee"}]}]}'),
  ('BL', 243, 'SAVED', '{"exceptions": {"role": "BH", "team": "APPROVAL", "name": "Branch head"},
    "bands": [{"maxAmount": 1000000, "levels": [{"role": "BH", "team": "APPROVAL", "name": "Branch head"}]},
              {"maxAmount": null, "levels": [{"role": "BH", "team": "APPROVAL", "name": "Branch head"},
                                             {"role": "CREDIT_COMMITTEE", "team": "CREDIT-COMMITTEE", "name": "Credit committee"}]}]}'),
  ('HL', 243, 'SAVED', '{"exceptions": {"role": "BH", "team": "APPROVAL", "name": "Branch head"},
    "bands": [{"maxAmount": 5000000, "levels": [{"role": "BH", "team": "APPROVAL", "name": "Branch head"}]},
              {"maxAmount": null, "levels": [{"role": "BH", "team": "APPROVAL", "name": "Branch head"},
                                             {"role": "CREDIT_COMMITTEE", "team": "CREDIT-COMMITTEE", "name": "Credit committee"}]}]}')
ON CONFLICT DO NOTHING;

-- getApprovals reads an application's APPROVAL and EXCEPTION rows in id order: with ~100,000 open sub-tasks in the
-- book this stays an index range of a handful of rows (sub_tasks_application_idx has no kind or order).
CREATE INDEX sub_tasks_application_kind_idx ON sub_tasks (application_id, kind, id);
