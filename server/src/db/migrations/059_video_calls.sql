-- Video calls with the applicant (issue 15): one private Janus room per call. The room's pin, secret and the two
-- participants' join tokens (Janus's `allowed` list) live only here and in Janus; a call is LIVE from its start
-- until someone hangs up (ENDED), which destroys the room.
CREATE TABLE video_calls (
  call_id          text PRIMARY KEY,
  application_id   text NOT NULL REFERENCES applications (application_id),
  room_id          bigint NOT NULL UNIQUE,
  room_pin         text NOT NULL,
  room_secret      text NOT NULL,
  staff_user       text NOT NULL,
  staff_token      text NOT NULL,
  applicant_id     text NOT NULL,
  applicant_name   text NOT NULL,
  applicant_email  text NOT NULL,
  applicant_token  text NOT NULL,
  invite_id        text NOT NULL UNIQUE,
  invite_expires_at timestamptz NOT NULL,
  recording        boolean NOT NULL DEFAULT false,
  status           text NOT NULL CHECK (status IN ('LIVE', 'ENDED')),
  outcome          text CHECK (outcome IN ('COMPLETED', 'NO_SHOW', 'FAILED')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  applicant_joined_at timestamptz,
  ended_at         timestamptz,
  ended_by         text,
  -- Evidence filed as documents of the application: [{fileId, name, kind: STILL | RECORDING}].
  files            jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX video_calls_application_idx ON video_calls (application_id, created_at DESC);
CREATE INDEX video_calls_staff_idx ON video_calls (staff_user, created_at DESC);
