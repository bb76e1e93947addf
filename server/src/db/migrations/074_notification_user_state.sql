-- A team's notification is one row for the whole team, but whether it was counted, viewed or deleted is each
-- member's own: one row per member who changed it (none until then: the notification's own status and is_counted
-- are the defaults). Deleting a team's notification hides it for that member only.
CREATE TABLE notification_user_state (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  username        text NOT NULL,
  status          text NOT NULL CHECK (status IN ('0', '1')),
  is_counted      boolean NOT NULL,
  deleted         boolean NOT NULL DEFAULT false,
  PRIMARY KEY (notification_id, username)
);
