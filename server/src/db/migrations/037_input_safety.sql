-- Input safety (hardening): stored text that does not parse must never fail a query, and list cursors are signed.

-- parse_day(text): the day a stored DD/MM/YYYY or YYYY-MM-DD… text names, or NULL when it names none
-- ('31/02/1990', '2020-13-01', 'soon'). List filters on date custom fields compare this instead of to_date(),
-- which raises on an impossible day and so made every date filter on that field fail for everyone.
-- Plain SQL with no exception block, so the planner inlines it into the filter (a scan over 1M rows stays a
-- scan, not a function call with a subtransaction per row); make_date runs only on a day the CASE proved valid.
CREATE FUNCTION valid_day(y int, m int, d int) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN y BETWEEN 1 AND 9999 AND m BETWEEN 1 AND 12 AND d BETWEEN 1 AND (
      CASE WHEN m = 2 THEN CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END
           WHEN m IN (4, 6, 9, 11) THEN 30
           ELSE 31 END)
    THEN make_date(y, m, d)
  END
$$;

CREATE FUNCTION parse_day(t text) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN t ~ '^[0-9]{2}/[0-9]{2}/[0-9]{4}$' THEN valid_day(substr(t, 7, 4)::int, substr(t, 4, 2)::int, substr(t, 1, 2)::int)
    WHEN t ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN valid_day(substr(t, 1, 4)::int, substr(t, 6, 2)::int, substr(t, 9, 2)::int)
  END
$$;

-- Keys only this server's processes know, made once per database (so every process sharing it agrees, and a
-- restart keeps them). list_cursor signs the keyset cursors the lists hand out (domain/lists/cursor.ts): a cursor
-- a client made up or altered is refused before any of it reaches a query.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO server_secrets (name, secret) VALUES ('list_cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
