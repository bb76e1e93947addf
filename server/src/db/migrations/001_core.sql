-- Core tables of the platform spine. Later migrations extend them; never edit an applied file.
CREATE TABLE products (
  product_code        text PRIMARY KEY,
  product_name        text NOT NULL,
  product_type_code   text NOT NULL,
  description         text NOT NULL DEFAULT '',
  currency            text NOT NULL DEFAULT 'INR',
  max_joint_applicants int NOT NULL DEFAULT 0,
  enabled             boolean NOT NULL DEFAULT true,
  sort_order          int NOT NULL DEFAULT 0
);

CREATE TABLE applications (
  id              bigserial PRIMARY KEY,
  application_id  text NOT NULL UNIQUE,
  product_code    text NOT NULL REFERENCES products (product_code),
  status          text NOT NULL DEFAULT 'ACTIVE'
                  CHECK (status IN ('ACTIVE', 'CANCELLED', 'REJECTED', 'DELETED', 'COMPLETED', 'INACTIVE')),
  single_or_joint text NOT NULL DEFAULT 'Single' CHECK (single_or_joint IN ('Single', 'Joint')),
  applicant_name  text NOT NULL DEFAULT '',
  stage           int NOT NULL DEFAULT 0,
  ver_num         int NOT NULL DEFAULT 1,
  custom_fields   jsonb NOT NULL DEFAULT '{}'::jsonb,
  doc             jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  mod_time        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_status_created_idx ON applications (status, created_at DESC, id DESC);

CREATE TABLE tasks (
  task_id        text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  name           text NOT NULL,
  progress       text NOT NULL CHECK (progress IN ('In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled')),
  assigned_to    text,
  assigned_team  text[] NOT NULL DEFAULT '{}',
  step_number    int NOT NULL DEFAULT 0,
  step_name      text NOT NULL DEFAULT '',
  sla            jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_application_idx ON tasks (application_id);

CREATE TABLE notifications (
  id          bigserial PRIMARY KEY,
  username    text NOT NULL,
  sender      text NOT NULL DEFAULT 'system',
  type        text NOT NULL CHECK (type IN ('ASSIGNED', 'FOLLOWED', 'TEAM')),
  messages    jsonb NOT NULL DEFAULT '[]'::jsonb,
  status      text NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
  is_counted  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (username, created_at DESC);
