-- Unsaved edits kept on the device are encrypted under a random key of the session they were typed in
-- (docs/identity.md "Unsaved edits across sessions"). The key lives here only: the browser holds it in memory while
-- the session is live and gets it back after the next sign-in of the same user, once; then it is erased.
ALTER TABLE sessions ADD COLUMN draft_key text;
