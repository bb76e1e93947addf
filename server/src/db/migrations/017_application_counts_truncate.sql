-- application_counts (014) follows INSERT, UPDATE and DELETE; a TRUNCATE of applications empties it too.
CREATE FUNCTION application_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM application_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER applications_counts_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION application_counts_clear();
