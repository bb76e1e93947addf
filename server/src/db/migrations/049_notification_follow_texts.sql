-- Following an application (FOLLOWED notifications, POST /backstage/getApplicationsFollowed): one row per staff user
-- and application; the list narrows by the follower, the notifier looks up an application's followers.
CREATE TABLE application_followers (
  application_id text NOT NULL,
  username       text NOT NULL,
  followed_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (application_id, username)
);
CREATE INDEX application_followers_user_idx ON application_followers (username, application_id);

-- A notification's text as a key and its parameters, so each reader gets it in their language (en, hi);
-- `messages` keeps the English rendering for readers of the stored rows and for texts without a key.
ALTER TABLE notifications ADD COLUMN text jsonb;
