-- GET /v3/notification/list pages newest first by id (ids follow the order of writing), over a user's own
-- notifications and their teams': one index per recipient kind, in that order.
CREATE INDEX notifications_user_id_idx ON notifications (username, id DESC) WHERE username IS NOT NULL;
CREATE INDEX notifications_team_id_idx ON notifications (team_id, id DESC) WHERE team_id IS NOT NULL;
