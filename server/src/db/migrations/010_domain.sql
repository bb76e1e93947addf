-- Domain core: applications, lifecycle and tasks, sub-tasks, audits, configuration as data.
-- Designed for 1,000,000 applications: every list type reads ONE table (applications) whose row
-- carries the current task's hot columns, so a page is a walk down one btree in (…, id DESC) order
-- and a deep page (keyset: id < cursor) costs what the first one does.

-- ── Applications: extracted columns for the hot filters; the long tail stays in doc/custom_fields ──
ALTER TABLE applications
  ADD COLUMN application_type  text NOT NULL DEFAULT 'APPLICATION' CHECK (application_type IN ('APPLICATION', 'LEAD')),
  ADD COLUMN flow_id           text,
  ADD COLUMN flow_ver_num      int NOT NULL DEFAULT 243,
  ADD COLUMN branch            text,                -- owning hierarchy team (visibility of "all" lists)
  ADD COLUMN initiated_by      text,
  ADD COLUMN mobile            text,
  ADD COLUMN email             text,
  ADD COLUMN search_terms      text[] NOT NULL DEFAULT '{}',  -- lower-cased words for global search
  ADD COLUMN loan_amount       numeric(14, 2),      -- customFields.loanAmount, the hot amount filter
  ADD COLUMN cur_task_id       text,
  ADD COLUMN step_name         text,
  ADD COLUMN task_name         text,
  ADD COLUMN task_progress     text,
  ADD COLUMN assigned_to       text,
  ADD COLUMN assigned_team     text,
  ADD COLUMN sla_due_at        timestamptz,
  ADD COLUMN open_queries      int NOT NULL DEFAULT 0,
  ADD COLUMN open_approvals    int NOT NULL DEFAULT 0,
  ADD COLUMN open_exceptions   int NOT NULL DEFAULT 0,
  ADD COLUMN closed_at         timestamptz;

-- Keyset orders for each list type (status first: every list filters on it; default ACTIVE).
-- all / rejected / cancelled: (status, id DESC) exists since 001.
CREATE INDEX applications_team_idx     ON applications (status, assigned_team, application_type, id DESC);
CREATE INDEX applications_assignee_idx ON applications (assigned_to, status, application_type, id DESC) WHERE assigned_to IS NOT NULL;
CREATE INDEX applications_branch_idx   ON applications (status, branch, id DESC);
CREATE INDEX applications_initiator_idx ON applications (initiated_by, status, id DESC);
CREATE INDEX applications_product_idx  ON applications (status, product_code, id DESC);
CREATE INDEX applications_amount_idx   ON applications (status, loan_amount);
CREATE INDEX applications_search_idx   ON applications USING gin (search_terms);
CREATE INDEX applications_mobile_idx   ON applications (mobile);
CREATE INDEX applications_email_idx    ON applications (lower(email));
CREATE INDEX applications_purpose_idx  ON applications ((custom_fields ->> 'loanPurpose'), id DESC);

-- ── Tasks: §3 Task with its three SLA clocks as columns (a NULL limit means the part is disabled) ──
ALTER TABLE tasks
  ADD COLUMN allowed_users        text[] NOT NULL DEFAULT '{}',
  ADD COLUMN blocking             boolean NOT NULL DEFAULT true,
  ADD COLUMN type                 text NOT NULL DEFAULT 'USER',
  ADD COLUMN step_type            text NOT NULL DEFAULT 'USER',
  ADD COLUMN flow_info            jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN actions              jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN active_on            timestamptz,
  ADD COLUMN access_control       text,                       -- NULL or WRITE = editable, anything else read-only
  ADD COLUMN overall_start        timestamptz,
  ADD COLUMN overall_end          timestamptz,
  ADD COLUMN overall_limit_mins   int,
  ADD COLUMN queued_start         timestamptz,
  ADD COLUMN queued_end           timestamptz,
  ADD COLUMN queued_limit_mins    int,
  ADD COLUMN assigned_start       timestamptz,
  ADD COLUMN assigned_end         timestamptz,
  ADD COLUMN assigned_limit_mins  int,
  ADD COLUMN mod_time             timestamptz NOT NULL DEFAULT now();
CREATE INDEX tasks_application_step_idx ON tasks (application_id, step_number);

-- Queries, approvals and raised exceptions of a task (my queries / my approvals lists, §4 validation errors).
CREATE TABLE sub_tasks (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  task_id        text,
  kind           text NOT NULL CHECK (kind IN ('QUERY', 'APPROVAL', 'EXCEPTION')),
  status         text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  assigned_to    text,
  assigned_team  text,
  raised_by      text,
  body           jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     timestamptz NOT NULL DEFAULT now(),
  closed_at      timestamptz
);
CREATE INDEX sub_tasks_user_idx ON sub_tasks (kind, assigned_to, application_id) WHERE status = 'OPEN';
CREATE INDEX sub_tasks_team_idx ON sub_tasks (kind, assigned_team, application_id) WHERE status = 'OPEN';
CREATE INDEX sub_tasks_application_idx ON sub_tasks (application_id);

-- Field-level audits (who, when, field, old, new) and action audits (field_key = '_action').
CREATE TABLE audits (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL,
  field_key      text NOT NULL,
  old_value      jsonb,
  new_value      jsonb,
  action         text NOT NULL,
  user_id        text NOT NULL,
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audits_application_idx ON audits (application_id, field_key, id);

CREATE TABLE worklogs (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL,
  task_id        text,
  user_id        text NOT NULL,
  action         text NOT NULL,
  comment        text NOT NULL DEFAULT '',
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worklogs_application_idx ON worklogs (application_id, id);

CREATE TABLE notes (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL,
  user_id        text NOT NULL,
  text           text NOT NULL,
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notes_application_idx ON notes (application_id, id);

-- Notifications for teams as well as users; delivery over the socket comes later.
ALTER TABLE notifications
  ALTER COLUMN username DROP NOT NULL,
  ADD COLUMN team_id        text,
  ADD COLUMN application_id text,
  ADD COLUMN event          text,     -- §6 notification status: AssignedToUser, AssignedToTeam, …
  ADD CONSTRAINT notifications_recipient_chk CHECK (username IS NOT NULL OR team_id IS NOT NULL);
CREATE INDEX notifications_team_idx ON notifications (team_id, created_at DESC) WHERE team_id IS NOT NULL;

-- Mandatory-validation queue: one row per application, locked while a run is in progress.
CREATE TABLE validation_queue (
  application_id text PRIMARY KEY,
  status         text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE')),
  requested      int NOT NULL DEFAULT 0,
  runs           int NOT NULL DEFAULT 0,
  result         jsonb,
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Saved list filters (POST /setup/save_or_update, read by /backstage/getFilter).
CREATE TABLE saved_filters (
  id          bigserial PRIMARY KEY,
  user_id     text NOT NULL,
  filter_type text NOT NULL,
  name        text NOT NULL,
  body        jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, filter_type, name)
);

-- ── Configuration as data: every table versioned by ver_num (default 243) and mode SAVED | DRAFT ──
CREATE TABLE product_configs (
  product_code text NOT NULL REFERENCES products (product_code),
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  body jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_code, ver_num, mode)
);
CREATE TABLE lifecycles (
  product_code text NOT NULL REFERENCES products (product_code),
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  steps jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_code, ver_num, mode)
);
CREATE TABLE flows (
  flow_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  product_code text NOT NULL REFERENCES products (product_code),
  flow_type text NOT NULL CHECK (flow_type IN ('APPVD', 'CUST_FLOW', 'APPLICATION_SUMMARY', 'none')),
  flow_name text NOT NULL,
  body jsonb NOT NULL DEFAULT '{}'::jsonb, updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flow_id, ver_num, mode)
);
CREATE INDEX flows_product_idx ON flows (product_code, ver_num, mode);
CREATE TABLE flow_sections (
  flow_id text NOT NULL, section_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  ord int NOT NULL, body jsonb NOT NULL,
  PRIMARY KEY (flow_id, ver_num, mode, section_id)
);
CREATE TABLE flow_sub_sections (
  flow_id text NOT NULL, section_id text NOT NULL, sub_section_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  ord int NOT NULL, body jsonb NOT NULL,
  PRIMARY KEY (flow_id, ver_num, mode, sub_section_id)
);
CREATE TABLE components (
  component_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  setup_category text NOT NULL DEFAULT 'FORM', identifier text NOT NULL DEFAULT '',
  body jsonb NOT NULL,
  PRIMARY KEY (component_id, ver_num, mode)
);
CREATE TABLE fields (
  component_id text NOT NULL, key text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  ord int NOT NULL, field_type text NOT NULL, body jsonb NOT NULL,
  PRIMARY KEY (component_id, ver_num, mode, key)
);
CREATE INDEX fields_key_idx ON fields (key);
CREATE TABLE rules (
  flow_id text NOT NULL, rule_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  body jsonb NOT NULL,
  PRIMARY KEY (flow_id, ver_num, mode, rule_id)
);
CREATE TABLE route_configs (
  config_id text NOT NULL,                 -- "<product_code>/<flow_id>"
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  flow_type text NOT NULL, body jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (config_id, ver_num, mode, flow_type)
);
CREATE TABLE table_configs (
  table_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  body jsonb NOT NULL,
  PRIMARY KEY (table_id, ver_num, mode)
);
CREATE TABLE templates (
  template_id text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  template_name text NOT NULL,
  template_type text NOT NULL CHECK (template_type IN ('PDF', 'SMS', 'HTML', 'EMAIL')),
  body jsonb NOT NULL,
  PRIMARY KEY (template_id, ver_num, mode)
);
CREATE TABLE translations (
  flow_id text NOT NULL, type text NOT NULL CHECK (type IN ('fields', 'components')),
  lang text NOT NULL DEFAULT 'en', key text NOT NULL,
  ver_num int NOT NULL DEFAULT 243, mode text NOT NULL DEFAULT 'SAVED' CHECK (mode IN ('SAVED', 'DRAFT')),
  value text NOT NULL,
  PRIMARY KEY (flow_id, ver_num, mode, type, lang, key)
);
