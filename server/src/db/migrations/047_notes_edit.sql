-- Notes tab: a note is edited and deleted only by its author; ver_num guards an edit against a lost update
-- (two tabs of the same author), edited_at shows that it was changed. The audit trail keeps the old texts.
ALTER TABLE notes
  ADD COLUMN ver_num   int NOT NULL DEFAULT 1,
  ADD COLUMN edited_at timestamptz;
