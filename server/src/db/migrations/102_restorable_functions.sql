-- A dump must restore (issue 32, docs/operations.md). pg_dump's script runs with an empty search_path, and
-- dedupe_keys_of — evaluated for every row pg_restore loads, as applications.dedupe_keys is a generated column —
-- calls dedupe_key unqualified: "function dedupe_key(unknown, text) does not exist", and the restore stopped at
-- the applications table. Pinning the function's search_path to the schema it was created in makes it find
-- dedupe_key however it is called (the setting is part of the function, so the dump carries it). Stored values do
-- not change.
ALTER FUNCTION dedupe_keys_of(text, text, jsonb, jsonb) SET search_path FROM CURRENT;
