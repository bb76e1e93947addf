-- getfilteredNsm narrowed to initiators (issue 18) counts from application_daily (062) by initiator, status, branch and
-- product over every day. Along application_daily_user_idx (initiated_by, kind, day) that read every day's row of the
-- initiators and filtered them (12,000 rows for two officers at 1,000,000 applications, ~18 ms); this index leads with
-- what the count names, and carries n, so the count reads only the matching rows.
CREATE INDEX application_daily_initiator_status_idx ON application_daily (initiated_by, kind, status, branch, product_code) INCLUDE (n);
