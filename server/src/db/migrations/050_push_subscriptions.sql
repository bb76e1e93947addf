-- Web Push subscriptions (POST /v3/notification/subscription), per user: a notification for a user with no open
-- socket is sent to each. The endpoint identifies a subscription (a browser re-subscribing replaces its keys);
-- a push service answering 404/410 removes it.
CREATE TABLE push_subscriptions (
  endpoint    text PRIMARY KEY,
  username    text NOT NULL,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  lang        text NOT NULL DEFAULT 'en',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (username);
